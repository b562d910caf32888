// Path segments as the client meant them. A malformed percent-escape (%ZZ, a cut UTF-8
// sequence) names no resource, so it is a 404 in the envelope, never an exception.
import { AppError } from "../errors.ts";

export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError("NOT_FOUND", "No such resource (the path has a malformed percent-escape)");
  }
}
