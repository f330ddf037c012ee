// A member's identity check as they meet it: from the sidebar's Account Verification, personal data,
// address, the document (its number picks the test provider's outcome), the front and back photos and the
// selfie from the camera input, then the send. TEST-APPROVED is approved at once and the level rises;
// TEST-EXPIRED is rejected with the reason the member reads and the document step opens again; an ordinary
// number waits in review, where a compliance operator approves it in the console, or rejects it with a
// reason and a note the member then reads. Screenshots at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import jpegJs from 'jpeg-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOperator } from './admin-helpers.ts';
import { fillCard, signedInMember } from './money-helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/compliance';

/** A real JPEG the server's checks accept (at least 600 x 400): a gradient, different per seed. */
function photo(seed: number): { name: string; mimeType: string; buffer: Buffer } {
  const width = 800;
  const height = 520;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      data[at] = (x + seed * 40) % 256;
      data[at + 1] = (y + seed * 70) % 256;
      data[at + 2] = (x + y) % 256;
      data[at + 3] = 255;
    }
  }
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(jpegJs.encode({ data, width, height }, 80).data) };
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // A sticky header is drawn where the page is scrolled to: shoot from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Every step up to the send, as a member does it; `shots` takes a screenshot of each screen. */
export async function fillCompliance(page: Page, documentNumber: string, { shots = false, lastName }: { shots?: boolean; lastName?: string } = {}): Promise<void> {
  await page.getByRole('link', { name: 'Account Verification' }).first().click();
  await expect(page).toHaveURL(/\/sys-wallets\/compliance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Verification' })).toBeVisible();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  if (shots) await shoot(page, '1-personal-data');

  await expect(page.getByLabel('First name(s)')).toHaveValue('Dana');
  if (lastName) await page.getByLabel('Last name(s)').fill(lastName);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your address' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Bristol');
  if (shots) await shoot(page, '2-address');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Your identity document' })).toBeVisible();
  await page.getByLabel('Document', { exact: true }).selectOption('id_card');
  await page.getByLabel('Document number').fill(documentNumber);
  await expect(page.getByLabel('Issuing country')).toHaveValue('GB');
  if (shots) await shoot(page, '3-document');
  await page.getByRole('button', { name: 'Continue to the photos' }).click();

  await expect(page.getByLabel('Front of your National ID card')).toHaveAttribute('capture', 'environment');
  if (shots) await shoot(page, '4-front');
  await page.getByLabel('Front of your National ID card').setInputFiles(photo(1));
  await page.getByLabel('Back of your National ID card').setInputFiles(photo(2));
  await expect(page.getByLabel('A selfie', { exact: true })).toHaveAttribute('capture', 'user');
  // The member's own photos come back as thumbnails, from the owner-only address.
  await expect(page.getByRole('img', { name: /Your photo: National ID card \(back\)/ })).toBeVisible();
  if (shots) await shoot(page, '5-selfie');
  await page.getByLabel('A selfie', { exact: true }).setInputFiles(photo(3));
  await expect(page.getByRole('button', { name: 'Send for checking' })).toBeVisible();
  if (shots) await shoot(page, '6-send');
}

test('TEST-APPROVED: the test provider approves at once, the level rises to Verified and proof of address comes next', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signedInMember(page, baseURL, 'kyc-ok', { identity: false });
  await fillCompliance(page, 'TEST-APPROVED', { shots: true });
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible();
  await expect(page.getByText('Your level is Verified. Your limits are raised.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Proof of address' })).toBeVisible();
  await shoot(page, '7-approved');
  const me = await page.request.get('/v1/users/me');
  expect(((await me.json()) as { request_details: { user_info: { complianceVerification: number } } }).request_details.user_info.complianceVerification).toBe(1);
});

test('TEST-EXPIRED: rejected with the reason the member reads, and the document step opens again', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signedInMember(page, baseURL, 'kyc-no', { identity: false });
  await fillCompliance(page, 'TEST-EXPIRED');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible();
  await expect(page.getByText('Your document has expired. Send a document that is still valid.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your identity document' })).toBeVisible();
  await shoot(page, '8-rejected');
});

test('an ordinary number waits in review: /review says what happens next', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signedInMember(page, baseURL, 'kyc-wait', { identity: false });
  await fillCompliance(page, 'X1234567');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/review$/);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText('Most checks are done within 1 business day; some take up to 3.')).toBeVisible();
  await shoot(page, '9-review');
  await page.goto('/sys-wallets/processing');
  await expect(page.getByText('The check is finished.')).toBeVisible();
  await shoot(page, '10-processing');
  await page.goto('/sys-wallets/onboarding/compliance');
  await expect(page.getByRole('heading', { name: 'Your documents are in review' })).toBeVisible();
  await shoot(page, '11-onboarding-compliance');
  await page.goto('/sys-wallets/review?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Tus documentos están en revisión' })).toBeVisible();
  await expect(page.getByText('La mayoría de las revisiones terminan en 1 día laborable; algunas tardan hasta 3.')).toBeVisible();
  await page.goto('/sys-wallets/compliance?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación de la cuenta' })).toBeVisible();
  await shoot(page, '13-compliance-es');
});

/** The compliance operator, in a browser of their own, opens the member's application from the queue. */
async function openInQueue(browser: Browser, baseURL: string | undefined, lastName: string, shots = false): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const console = await context.newPage();
  await signInOperator(console, 'compliance');
  await console.getByRole('link', { name: 'Compliance' }).first().click();
  await expect(console.getByRole('heading', { level: 1, name: 'Compliance queue' })).toBeVisible();
  await expect(console.getByRole('button', { name: /In review/ })).toHaveAttribute('aria-pressed', 'true');
  if (shots) await shoot(console, 'console-1-queue');
  await console.getByRole('link', { name: `Open Dana ${lastName}` }).click();
  await expect(console.getByRole('heading', { level: 1, name: new RegExp(`Dana ${lastName}`) })).toBeVisible();
  // The photos beside what the member gave, read from the operator-only address.
  await expect(console.getByRole('img', { name: `ID card back of Dana ${lastName}` })).toBeVisible();
  await expect.poll(() => console.getByRole('img', { name: `ID card back of Dana ${lastName}` }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
  return console;
}

test('in review, a compliance operator approves in the console and the member is verified', async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  await signedInMember(page, baseURL, 'kyc-op-ok', { identity: false });
  // At the basic level EUR 150 a month comes in by card; the next EUR 100 is refused, naming the step.
  await fillCard(page, '150', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();
  await fillCard(page, '100', '4242 4242 4242 4242');
  await expect(page.getByText(/more this month at your verification level/).first()).toContainText('verify your identity');
  await fillCompliance(page, 'X1234567', { lastName: 'Mbeki' });
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/review$/);

  const console = await openInQueue(browser, baseURL, 'Mbeki', true);
  await shoot(console, 'console-2-applicant');
  await console.getByRole('radio', { name: 'Approve' }).check();
  await console.getByRole('button', { name: 'Record the decision' }).click();
  await expect(console.getByText('Decision recorded: Approved.')).toBeVisible();
  await console.context().close();

  // /review polls: the decision appears there, and /compliance shows the level.
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/sys-wallets/compliance');
  await expect(page.getByText('Your level is Verified. Your limits are raised.')).toBeVisible();

  // The limit rose with the level: the EUR 100 refused before comes in, and a EUR 200 buy (above the basic
  // level's EUR 150) goes through.
  await fillCard(page, '100', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC');
  await expect(page.getByText('Left this month at your verification level: €20,000.00')).toBeVisible();
  await page.getByLabel(/^Amount to spend/).fill('200');
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByRole('heading', { name: 'Review your quote' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
});

test('in review, a compliance operator rejects with a reason and a note, and the member reads both', async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  await signedInMember(page, baseURL, 'kyc-op-no', { identity: false });
  await fillCompliance(page, 'X7654321', { lastName: 'Quist' });
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/review$/);

  const console = await openInQueue(browser, baseURL, 'Quist');
  await console.getByRole('radio', { name: 'Reject' }).check();
  await console.getByRole('checkbox', { name: /selfie_mismatch/ }).check();
  await console.getByLabel('Note to the member').fill('Please take the selfie without sunglasses.');
  await shoot(console, 'console-3-reject');
  await console.getByRole('button', { name: 'Record the decision' }).click();
  await expect(console.getByText('Decision recorded: Rejected.')).toBeVisible();
  await console.context().close();

  await page.goto('/sys-wallets/compliance');
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible();
  await expect(page.getByText('We could not match your selfie to the photo on your document.', { exact: false })).toBeVisible();
  await expect(page.getByText('Message from our compliance team: Please take the selfie without sunglasses.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Selfie' })).toBeVisible();
  await shoot(page, '12-rejected-by-operator');
});
