// The LinkedIn-Version verdict: one year of support from the release month, a warning in the
// last two months, unreleased and malformed versions refused.
import { describe, expect, it } from "vitest";
import { linkedinVersionVerdict } from "./linkedin-version.ts";

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("linkedinVersionVerdict", () => {
  it("accepts a version with more than two months of its year left", () => {
    expect(linkedinVersionVerdict("202601", on("2026-10-31"))).toEqual({ result: "ok", detail: "202601 is supported until about January 2027" });
    expect(linkedinVersionVerdict("202611", on("2026-11-25")).result).toBe("ok");
  });

  it("warns in the last two months before the sunset month", () => {
    const verdict = linkedinVersionVerdict("202601", on("2026-11-25"));
    expect(verdict.result).toBe("warn");
    expect(verdict.detail).toMatch(/until about January 2027.*newer version/);
    expect(linkedinVersionVerdict("202601", on("2026-12-31")).result).toBe("warn");
  });

  it("fails from the sunset month on (LinkedIn's sunset falls in the release month a year later)", () => {
    expect(linkedinVersionVerdict("202601", on("2027-01-01"))).toMatchObject({ result: "fail", detail: expect.stringMatching(/sunset \(January 2027/) });
    expect(linkedinVersionVerdict("202401", on("2026-11-25")).result).toBe("fail");
  });

  it("fails a version not released yet, and one that is not YYYYMM", () => {
    expect(linkedinVersionVerdict("202612", on("2026-11-25"))).toMatchObject({ result: "fail", detail: expect.stringMatching(/not released yet/) });
    expect(linkedinVersionVerdict("202613", on("2026-11-25")).result).toBe("fail");
    expect(linkedinVersionVerdict("2026-01", on("2026-11-25")).result).toBe("fail");
  });
});
