// Collects every invalid part of a request, then answers them together (422, or 404 when an id
// names nothing in the workspace), so a client fixes all at once.
import { AppError } from "../../errors.ts";

type Issue = { path: string; message: string; code: string; location: "body" };

export class Issues {
  private readonly invalid: Issue[] = [];
  private readonly missing: Issue[] = [];

  add(path: string, message: string, code = "invalid"): void {
    this.invalid.push({ path, message, code, location: "body" });
  }

  notFound(path: string, message: string): void {
    this.missing.push({ path, message, code: "not_found", location: "body" });
  }

  get empty(): boolean {
    return this.invalid.length === 0 && this.missing.length === 0;
  }

  /** Unknown ids first (404), then the rest (422). */
  throwIfAny(): void {
    if (this.missing.length > 0) {
      const first = this.missing[0]!;
      throw new AppError("NOT_FOUND", `${first.path}: ${first.message}`, { issues: this.missing });
    }
    if (this.invalid.length > 0) {
      const first = this.invalid[0]!;
      throw new AppError("VALIDATION_ERROR", `${first.path}: ${first.message}`, { issues: this.invalid });
    }
  }
}
