// Carousels in Chromium: a brand with a logo, a carousel generated from text with live progress,
// then the editor: change a slide's text, re-render, and see a new JPEG in its place.
import { expect, test } from "@playwright/test";
import sharp from "sharp";

test("generate a carousel, edit a slide and re-render it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-carousel-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Carousels" }).click();
  const brands = page.getByRole("region", { name: "Brands" });
  await brands.getByLabel("Brand name").fill("Acme Studio");
  const logo = await sharp({ create: { width: 96, height: 96, channels: 4, background: "#ff3366" } })
    .png()
    .toBuffer();
  await brands.getByLabel("Brand logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(brands).toContainText("Logo: logo.png");
  await brands.getByRole("button", { name: "Add brand" }).click();
  await expect(brands.getByTestId("brand-row")).toContainText("Acme Studio");

  const form = page.getByRole("form", { name: "New carousel" });
  await expect(form).toContainText("50 left");
  await form
    .getByLabel("Source text")
    .fill(
      "Remote work changed how teams communicate. Asynchronous writing became the main way to share decisions. Teams that write well ship faster, because context survives turnover. The hardest part is trust. Tools matter less than habits.",
    );
  await form.getByLabel("Slides").fill("4");
  await form.getByRole("combobox", { name: "Brand" }).selectOption({ label: "Acme Studio" });
  await form.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("carousel-card").first();
  await expect(card.getByTestId("carousel-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(form).toContainText("49 left");

  await card.getByRole("link", { name: "Open editor" }).click();
  await expect(page).toHaveURL(/\/carousels\/[0-9a-f-]+\/edit$/);
  const slides = page.getByTestId("slide");
  await expect(slides).toHaveCount(4);
  const firstImage = slides.first().getByRole("img");
  const before = await firstImage.getAttribute("src");
  await page.getByLabel("Slide 1 heading").fill("A brand new hook");
  await page.getByRole("button", { name: "Re-render" }).click();
  await expect(page.getByText("Slides re-rendered")).toBeVisible({ timeout: 30_000 });
  await expect(firstImage).not.toHaveAttribute("src", before!);
  const after = await firstImage.getAttribute("src");
  const jpeg = Buffer.from(await (await request.get(after!)).body());
  expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1080, height: 1350 });
  await expect(page.getByLabel("Slide 1 heading")).toHaveValue("A brand new hook");

  await page.getByLabel("Template name").fill("Our look");
  await page.getByRole("button", { name: "Save as template" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
});
