// Whether a LinkedIn-Version (YYYYMM) is still served. LinkedIn releases a version a month and
// supports each "for a minimum of one year" before sunset, after which calls with it are refused
// (learn.microsoft.com/linkedin/marketing/versioning; sunset dates on
// learn.microsoft.com/linkedin/marketing/integrations/migrations fall in the release month a year
// later, e.g. 202411 on 17 November 2025). We count the whole sunset month as ended: safe side.
export type VersionVerdict = { result: "ok" | "warn" | "fail"; detail: string };

const WARN_MONTHS = 2;
const monthName = (index: number) =>
  new Date(Date.UTC(Math.floor(index / 12), index % 12, 1)).toLocaleString("en", { month: "long", year: "numeric", timeZone: "UTC" });

export function linkedinVersionVerdict(version: string, now = new Date()): VersionVerdict {
  const m = /^(\d{4})(\d{2})$/.exec(version);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return { result: "fail", detail: `LINKEDIN_VERSION ${version} is not a version: use YYYYMM, e.g. 202601` };
  const released = Number(m[1]) * 12 + Number(m[2]) - 1;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (released > current)
    return { result: "fail", detail: `${version} is not released yet; use the latest version listed on learn.microsoft.com/linkedin/marketing/versioning` };
  const sunset = released + 12;
  if (current >= sunset) {
    return {
      result: "fail",
      detail: `${version} reached its sunset (${monthName(sunset)}; each version is supported one year): set LINKEDIN_VERSION to a current version`,
    };
  }
  // months are counted whole: two left means the sunset comes within the next one to two months
  if (sunset - current <= WARN_MONTHS) {
    return {
      result: "warn",
      detail: `${version} is supported until about ${monthName(sunset)}, under two months from now: move LINKEDIN_VERSION to a newer version`,
    };
  }
  return { result: "ok", detail: `${version} is supported until about ${monthName(sunset)}` };
}
