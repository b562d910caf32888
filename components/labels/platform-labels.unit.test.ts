import { expect, test } from "vitest";
import { facebookPageTaskLabels, humanizeCode, label, tiktokPrivacyLabels, withCodeLabels } from "./platform-labels";

test("known platform codes read as people say them", () => {
  expect(label(tiktokPrivacyLabels, "PUBLIC_TO_EVERYONE")).toBe("Everyone");
  expect(label(tiktokPrivacyLabels, "SELF_ONLY")).toBe("Only me");
  expect(label(facebookPageTaskLabels, "CREATE_CONTENT")).toBe("Create posts");
});

test("an unknown code is still readable, never the raw constant", () => {
  expect(humanizeCode("PROFILE_PLUS_FULL_CONTROL")).toBe("Profile plus full control");
  expect(label(facebookPageTaskLabels, "PROFILE_PLUS_FULL_CONTROL")).toBe("Profile plus full control");
});

test("a server sentence quoting a Page task shows the task's label", () => {
  expect(withCodeLabels("you lack the CREATE_CONTENT task on this Page", facebookPageTaskLabels)).toBe("you lack the “Create posts” task on this Page");
});
