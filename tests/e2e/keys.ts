import type { FileChooser, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Keyboard only: every step is a key press (Tab, Enter, Space, arrows, typing); no mouse
 * event is sent. At every stop the focus must be visible.
 */

/** The focused element, or the nearest of its three ancestors that draws it (a hidden radio's star), shows a focus ring. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    // Inside an embedded PDF the browser's own viewer has the focus and draws its ring.
    if (el.tagName === 'IFRAME') return '';
    for (let i = 0; i < 4 && el; i++, el = el.parentElement) {
      const css = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const outline = css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) >= 2;
      if ((outline || css.boxShadow !== 'none') && box.width > 0 && box.height > 0) return '';
    }
    const a = document.activeElement as HTMLElement;
    return `no visible focus on <${a.tagName.toLowerCase()}> ${a.textContent?.trim().slice(0, 40) ?? ''}`;
  });
  expect(ring).toBe('');
}

/** Presses Tab (or Shift+Tab) until the target has the focus, checking the ring at every stop. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/**
 * Space on the focused file input opens the browser's picker, where the files are chosen.
 * Playwright turns the interception of pickers on without waiting for it: a key that reaches
 * the browser first opens a picker no test can answer (8 times in 30 under load). One round
 * trip to the page between the two lets the interception land first.
 */
export async function chooseFilesWithKey(
  page: Page,
  files: Parameters<FileChooser['setFiles']>[0],
  key: 'Space' | 'Enter' = 'Space',
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.evaluate(() => undefined);
  await page.keyboard.press(key);
  await (await chooser).setFiles(files);
}

/** The login form, filled and sent from the keyboard. */
export async function logInWithKeys(page: Page, email: string, password: string): Promise<void> {
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
}

/** A Radix select: opened with Enter, an option found with the arrows, chosen with Enter. */
export async function chooseWithKeys(page: Page, combobox: Locator, option: string): Promise<void> {
  await tabTo(page, combobox);
  await page.keyboard.press('Enter');
  const wanted = page.getByRole('option', { name: option });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 30 && !(await wanted.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(combobox).toContainText(option);
  await expect(combobox).toBeFocused();
}

export const noMouse = async (page: Page) => {
  // Any mouse event reaching the page fails the journey.
  await page.addInitScript(() => {
    for (const type of ['mousedown', 'mouseup', 'click', 'pointerdown'] as const) {
      window.addEventListener(
        type,
        (e) => {
          // A keyboard activation of a button or link is a click with detail 0 and no pointer.
          if (e.type === 'click' && (e as MouseEvent).detail === 0) return;
          (window as unknown as { mouseUsed: string[] }).mouseUsed ??= [];
          (window as unknown as { mouseUsed: string[] }).mouseUsed.push(e.type);
        },
        true,
      );
    }
  });
};
export const expectNoMouse = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { mouseUsed?: string[] }).mouseUsed ?? [])).toEqual([]);
