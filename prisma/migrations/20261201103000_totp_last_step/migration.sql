-- The time step of the last TOTP code accepted for a user: a code is accepted once, so a code
-- seen over a shoulder or in a log cannot sign in again within its 90 second window
ALTER TABLE "User" ADD COLUMN "totpLastStep" INTEGER;
