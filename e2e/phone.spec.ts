/**
 * The account on a phone (390 × 844): nothing scrolls sideways, the address reads in three
 * lines or fewer, in groups, with no line ending in a stray one or two characters, and its
 * text is still the address exactly; labels sit above their values; axe stays clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { createProof, expect, signIn, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('signed in on a phone: no sideways scrolling, the address in three lines at most, grouped, labels above values', async ({
  page,
}) => {
  const { login } = await signIn(page, 'google', 'Alice');
  const address = page.getByTestId('address');
  await expect(address).toHaveText(login.address);
  const layout = await page.evaluate(() => {
    const code = document.querySelector('[data-testid="address"]')!;
    // Each group's line, by its box's top.
    const lines = new Map<number, string>();
    for (const group of code.querySelectorAll('span')) {
      const top = Math.round(group.getBoundingClientRect().top);
      lines.set(top, (lines.get(top) ?? '') + group.textContent);
    }
    const label = [...document.querySelectorAll('.facts dt')].find((dt) => dt.textContent === 'Sui address')!;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      lines: [...lines.values()],
      // A group broken inside itself would have a box on each of its lines (its top alone hides that).
      groupsOnOneLine: [...code.querySelectorAll('span')].every((group) => group.getClientRects().length === 1),
      // The lines as drawn, counted from the whole address's boxes, not from the groups'.
      drawnLines: new Set(
        [
          ...(() => {
            const range = document.createRange();
            range.selectNodeContents(code);
            return range.getClientRects();
          })(),
        ].map((rect) => Math.round(rect.top)),
      ).size,
      labelAbove: label.getBoundingClientRect().bottom <= code.getBoundingClientRect().top,
    };
  });
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
  expect(layout.lines.length).toBeLessThanOrEqual(3);
  expect(layout.groupsOnOneLine).toBe(true);
  expect(layout.drawnLines).toBe(layout.lines.length);
  expect(layout.lines.join('')).toBe(login.address);
  for (const line of layout.lines) expect(line.length).toBeGreaterThanOrEqual(4);
  expect(layout.labelAbove).toBe(true);
  await page.screenshot({ path: test.info().outputPath('account-390.png'), fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
});

test('on a phone, the progress steps break only between words: "Verify sign-in" never leaves "in" on a line of its own', async ({
  page,
}) => {
  await page.goto('/');
  const step = page.getByRole('list', { name: 'Sign-in progress' }).getByRole('listitem').filter({ hasText: 'Verify sign-in' });
  await expect(step).toHaveText('Verify sign-in');
  // The lines the label is drawn on, each by the words whose boxes start there.
  const lines = await step.evaluate((item) => {
    const words = new Map<number, string>();
    const text = item.textContent!;
    const range = document.createRange();
    const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent!.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        words.set(top, (words.get(top) ?? '') + text[offset + index]);
      }
      offset += node.textContent!.length;
    }
    return [...words.values()].map((line) => line.trim());
  });
  expect(lines.join(' ')).toBe('Verify sign-in');
  expect(lines).not.toContain('in');
  expect(lines.every((line) => !line.endsWith('-'))).toBe(true);
});

test('on a phone, a long signed text scrolls in its own box: the signature and the verdict stay near', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  await page.getByLabel('Message').fill('A long line of text to sign. '.repeat(400));
  await page.getByRole('button', { name: 'Sign message' }).click();
  const signed = page.getByTestId('signed-message');
  await expect(signed).toHaveText(/^(A long line of text to sign\. ){399}A long line of text to sign\.\s*$/);
  await expect(page.getByText('Verified by the Sui node')).toBeVisible();
  const box = (await signed.boundingBox())!;
  // 12rem at most, whatever the text's length.
  expect(box.height).toBeLessThanOrEqual(12 * 16 + 1);
  expect(await signed.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  // Scrolled by keyboard too.
  await signed.focus();
  await page.keyboard.press('End');
  await expect.poll(() => signed.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
});
