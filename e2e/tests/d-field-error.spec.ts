/** (d) An invalid field in the scenario builder: the API's 422 comes back as an
 * inline error next to that input, with the API's own message. */
import { expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

test("scenario builder: MSS 20 shows the API's message next to the field", async ({ page, api }) => {
  // what the API says about that field
  const detail = await api.validationErrors("/runs", { scenario: { flows: [{ tcp: { mss: 20 } }] } });
  const err = detail.find((d) => d.loc.slice(-4).join(".") === "flows.0.tcp.mss");
  expect(err, JSON.stringify(detail)).toBeDefined();
  expect(err!.msg).toBe("must be between 64 and 65495 (got 20)");

  await openApp(page, "/");
  const builder = page.getByTestId("scenario-builder");
  await expect(builder).toBeVisible();
  const mss = builder.getByLabel("flows.0.tcp.mss", { exact: true });
  await mss.fill("20");
  await builder.getByRole("button", { name: "Run scenario", exact: true }).click();

  const fieldError = builder.getByTestId("field-error").and(builder.getByRole("alert"));
  await expect(fieldError).toHaveCount(1);
  await expect(fieldError).toContainText(err!.msg);
  // next to the input: within the few elements that wrap it
  const adjacent = await mss.evaluate((input, msg) => {
    let el: Element | null = input;
    for (let depth = 0; el && depth < 4; depth++, el = el.parentElement) {
      const e = el.querySelector('[data-testid="field-error"]');
      if (e && e.textContent?.includes(msg)) return true;
    }
    return false;
  }, err!.msg);
  expect(adjacent, "the field-error sits beside flows.0.tcp.mss").toBe(true);
  expect(new URL(page.url()).pathname, "no run was started").toBe("/");
  await shot(page, "d-field-error");
});
