// What X will receive as the first post: SPEC.md's link rule removes every link from posts[0].
import { removeLinks } from "@/server/domain/publishing/text-rules";
import { CharCounter } from "./char-counter";

export function XLinkPreview({ text }: { text: string }) {
  const { text: cleaned, removed } = removeLinks(text);
  if (removed.length === 0) return null;
  return (
    <div className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-inset ring-amber-200" data-testid="x-link-preview">
      <p className="font-medium text-amber-900">On X, links are removed from the first post: {removed.join(", ")}</p>
      {cleaned ? (
        <>
          <p className="mt-2 whitespace-pre-wrap text-slate-800">{cleaned}</p>
          <p className="mt-1">
            <CharCounter label="X after removal" text={cleaned} limit={280} unit="x-weighted" />
          </p>
        </>
      ) : (
        <p className="mt-2 font-medium text-red-700">Nothing is left for X once the links are removed; add some words.</p>
      )}
      <p className="mt-1 text-xs text-amber-800">Replies keep their links, and other platforms receive the text as written.</p>
    </div>
  );
}
