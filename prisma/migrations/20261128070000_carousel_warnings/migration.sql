-- What the copy writer could not do as asked (issue 47): a shorter carousel rather than padding, or
-- a topic the built-in writer has only general advice for.
ALTER TABLE "Carousel" ADD COLUMN "warnings" JSONB NOT NULL DEFAULT '[]';
