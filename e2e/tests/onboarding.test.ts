/**
 * Issue 14, the onboarding journey in the browser: a newcomer registers on formkit with the e-mailed code, signs in
 * to the flow in formkit's blank layout, fills the company, its documents (uploaded), a director, a beneficial owner
 * (whose effective share the page computes) and an authorised person, records the video identification with
 * Chromium's fake camera and microphone, and submits. Staff accept six sections, refuse the company documents with a
 * reason and ask for a newer bank statement; the merchant sees that step marked and the reviewer's words in the
 * banner, on the step and at the field, replaces the file and resubmits; staff find the six acceptances kept and only
 * the changed section pending (Approve says so), accept it and approve; the merchant, now live, creates a live API key
 * (refused before approval).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { COMPANY_DOC_TYPES, ONBOARDING_SECTIONS, homePath, translate, type Language } from '@mg/domain';
import { chooseOption, clickUntilResponse, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { repoRoot } from '../lib/server';
import { brandOf, dbClient, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const formkit = brandOf('formkit');
const tikipay = brandOf('tikipay');
const FK = originOf(formkit, port);
const PASSWORD = 'Strong#2026pay';
const username = `kopi${Date.now() % 100000}`;
const email = `${username}@kopi.example`;
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });

/** A real one-page PDF (the server refuses a file no viewer can open), under the name of what it stands for. */
const PDF = readFileSync(path.join(repoRoot, 'apps/server/test/fixtures/minimal.pdf'));
const PNG = readFileSync(path.join(repoRoot, 'apps/server/test/fixtures/minimal.png'));
const pdf = (label: string) => ({ name: `${label}.pdf`, mimeType: 'application/pdf', buffer: PDF });

let browser: Browser;
let applicant: Page;
let staff: Page;
let merchantId = 0;

beforeAll(async () => {
  browser = await launchBrowser({ secureOrigins: [FK] });
  applicant = await (await newContext(browser)).newPage();
  staff = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
});

async function dbValue<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  const db = await dbClient(dataDir);
  try {
    const { rows } = await db.query(sql, params);
    return rows[0] ? (Object.values(rows[0])[0] as T) : undefined;
  } finally {
    await db.end();
  }
}

/** Waits until the autosave has nothing left to send (the save state says saved). */
async function saved(page: Page): Promise<void> {
  await page.locator('[data-testid="ob-save-state"][data-state="saved"]').waitFor({ timeout: 40_000 });
}

async function next(page: Page, step: string): Promise<void> {
  await page.getByTestId('ob-next').click();
  await page.waitForURL((u) => u.pathname.endsWith(`/${step}`));
}

async function pickOption(page: Page, testId: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  await chooseOption(page, select, text, select.locator('.ant-select-selection-item', { hasText: text }));
}

/** antd's InputNumber puts the test id on its input or on its wrapper, by version. */
function numberInput(page: Page, testId: string) {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

async function pickDate(page: Page, testId: string, date: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

async function uploadTo(page: Page, testId: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByTestId(`${testId}-input`).setInputFiles(file);
  // This file's item, not one the field held already.
  await page.locator(`[data-testid="${testId}-item"][data-status="done"]`, { hasText: file.name }).waitFor({ timeout: 40_000 });
}

describe.sequential('onboarding: register, fill, submit, changes requested, resubmit, approve, go live', () => {
  it('1. a newcomer registers on formkit with the e-mailed code and lands on the flow', async () => {
    await withScreenshot(applicant, 'onboarding-1-register', async () => {
      await applicant.goto(`${FK}/register`);
      await applicant.getByTestId('register-username').fill(username);
      await applicant.getByTestId('register-company').fill('Nusantara Kopi');
      await applicant.getByTestId('register-email').fill(email);
      await applicant.getByTestId('register-captcha').fill('abcd');
      await applicant.getByTestId('register-send-code').click();
      let code = '';
      await poll(async () => {
        const body = await dbValue<string>('select text_body from mail_outbox where to_address = $1 order by id desc limit 1', [email]);
        code = /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
        return code;
      }).toMatch(/^\d{6}$/);
      await applicant.getByTestId('register-email-code').fill(code);
      await applicant.getByTestId('register-phone').fill(`08${String(Date.now()).slice(-9)}`);
      await applicant.getByTestId('register-password').fill(PASSWORD);
      await applicant.getByTestId('register-confirm').fill(PASSWORD);
      await applicant.getByTestId('register-submit').click();
      await applicant.waitForURL((u) => u.pathname === '/register-result');
      merchantId = Number(await dbValue<number>('select merchant_id from app_user where username = $1', [username]));
      expect(merchantId).toBeGreaterThan(10000);

      await applicant.goto(`${FK}/login`);
      await applicant.getByTestId('login-username').fill(username);
      await applicant.getByTestId('login-password').fill(PASSWORD);
      await applicant.getByTestId('login-captcha').fill('abcd');
      await applicant.getByTestId('login-submit').click();
      await applicant.waitForURL((u) => u.pathname === '/company/companyInfo');
      await applicant.getByTestId('ob-flow').waitFor();
      await expect(applicant.getByTestId('ob-completion').textContent()).resolves.toContain('0');
    });
  });

  it('2. fills the company; every field saves itself', async () => {
    await withScreenshot(applicant, 'onboarding-2-company', async () => {
      await applicant.getByTestId('ob-companyInfo-legalName').fill('PT Nusantara Kopi');
      await applicant.getByTestId('ob-companyInfo-registrationNumber').fill('AHU-0012345');
      await pickOption(applicant, 'ob-companyInfo-country', await tr(applicant, 'country.idr'));
      await pickDate(applicant, 'ob-companyInfo-incorporationDate', '2019-03-01');
      await applicant.getByTestId('ob-companyInfo-registeredAddress').fill('Jl. Sudirman 1, Jakarta');
      await applicant.getByTestId('ob-companyInfo-businessAddress').fill('Jl. Sudirman 1, Jakarta');
      await pickOption(applicant, 'ob-companyInfo-industry', await tr(applicant, 'enum.productType.3'));
      await numberInput(applicant, 'ob-companyInfo-expectedMonthlyVolume').fill('250000');
      await saved(applicant);
      // Resumed from anywhere: what was typed is on the server.
      await poll(() => dbValue<string>(`select data #>> '{companyInfo,legalName}' from onboarding_application where merchant_id = $1`, [merchantId])).toBe('PT Nusantara Kopi');

      await next(applicant, 'companyDoc');
    });
  });

  it('2b. uploads the company documents', async () => {
    await withScreenshot(applicant, 'onboarding-2b-documents', async () => {
      for (const type of COMPANY_DOC_TYPES) await uploadTo(applicant, `ob-companyDoc-${type}`, pdf(type));
      await saved(applicant);
      await next(applicant, 'corporateShareholder');
      await next(applicant, 'director');
    });
  });

  it('3. a director', async () => {
    await withScreenshot(applicant, 'onboarding-3-director', async () => {
      await applicant.getByTestId('ob-director-add').click();
      await fillPerson(applicant, 'ob-director-0', 'Budi Santoso', '1979-11-20');
      await applicant.getByTestId('ob-director-0-position').fill('President Director');
      await uploadTo(applicant, 'ob-director-0-idDocuments', pdf('ktp-budi'));
      await saved(applicant);
      await next(applicant, 'beneficialOwner');
    });
  });

  it('3b. a beneficial owner whose effective share the page computes', async () => {
    await withScreenshot(applicant, 'onboarding-3b-owner', async () => {
      await applicant.getByTestId('ob-beneficialOwner-add').click();
      await fillPerson(applicant, 'ob-beneficialOwner-0', 'Budi Santoso', '1979-11-20');
      await applicant.getByTestId('ob-beneficialOwner-0-addHolding').click();
      await numberInput(applicant, 'ob-beneficialOwner-0-holding-0-percent').fill('60');
      await poll(() => applicant.getByTestId('ob-beneficialOwner-0-effective').textContent()).toContain('60');
      await applicant.getByTestId('ob-beneficialOwner-0-idRequired').waitFor();
      await uploadTo(applicant, 'ob-beneficialOwner-0-idDocuments', pdf('ktp-budi-owner'));
      await saved(applicant);
      await next(applicant, 'authorizedPerson');
    });
  });

  it('3c. an authorised person', async () => {
    await withScreenshot(applicant, 'onboarding-3c-authorised', async () => {
      await applicant.getByTestId('ob-authorizedPerson-add').click();
      await applicant.getByTestId('ob-authorizedPerson-0-name').fill('Sari Wulandari');
      await applicant.getByTestId('ob-authorizedPerson-0-email').fill('sari@kopi.example');
      await uploadTo(applicant, 'ob-authorizedPerson-0-idDocuments', pdf('ktp-sari'));
      await saved(applicant);
      await next(applicant, 'VideoIdentification');
    });
  });

  it('4. records the video identification with the camera, reading the phrase shown', async () => {
    await withScreenshot(applicant, 'onboarding-4-video', async () => {
      await applicant.getByTestId('ob-device-ok').waitFor({ timeout: 20_000 });
      await applicant.getByTestId('ob-video-record').click();
      await poll(() => applicant.getByTestId('ob-video-phrase').textContent()).toMatch(/\d{2} \d{2} \d{2} \d{2}/);
      await applicant.getByTestId('ob-video-countdown').waitFor();
      // Stop is offered once the shortest recording that can hold the phrase is made (the application's own state).
      await applicant.locator('[data-testid="ob-video-stop"]:not([disabled])').click({ timeout: 20_000 });
      await applicant.getByTestId('ob-video-preview').waitFor();
      await applicant.getByTestId('ob-video-upload').click();
      await applicant.getByTestId('ob-video-sent').waitFor({ timeout: 30_000 });
      await poll(() => dbValue<number>(`select jsonb_array_length(data #> '{videoIdentification,recordings}') from onboarding_application where merchant_id = $1`, [merchantId])).toBe(1);
      const type = await dbValue<string>(`select type from stored_file where merchant_id = $1 and biz = 'video'`, [merchantId]);
      expect(type).toBe('webm');
    });
  });

  it('5. the overview has nothing missing; agree and submit locks the application', async () => {
    await withScreenshot(applicant, 'onboarding-5-submit', async () => {
      await next(applicant, 'OverviewData');
      await applicant.getByTestId('ob-overview-complete').waitFor();
      await next(applicant, 'AgreeAndSubmit');
      await applicant.getByTestId('ob-agree').check();
      await clickUntilResponse(applicant, applicant.getByTestId('ob-submit'), (r) => r.url().includes('/api/onboarding/application/submit') && r.status() === 200);
      await applicant.getByTestId('ob-locked').waitFor();
      await poll(() => dbValue<string>('select status from onboarding_application where merchant_id = $1', [merchantId])).toBe('submitted');
    });
    await withScreenshot(applicant, 'onboarding-5-no-live-key', async () => {
      // Not approved yet: a live key is refused with the reason; sandbox keys are for everyone.
      await applicant.goto(`${FK}/developer/parameters`);
      await createKey(applicant, 'Too early', 'live');
      await poll(() => applicant.getByTestId('create-key-error').textContent()).toBe(await tr(applicant, 'error.merchantNotApproved'));
      await applicant.keyboard.press('Escape');
    });
  });

  it('6. staff refuse the documents with a reason, ask for a newer bank statement and send it back', async () => {
    await withScreenshot(staff, 'onboarding-6-review', async () => {
      await signIn(staff, port, 'admin');
      await toEnglish(staff);
      await staff.goto(`${originOf(tikipay, port)}/system/onboarding`);
      await staff.getByTestId(`open-${merchantId}`).click();
      await clickUntilResponse(staff, staff.getByTestId('review-start'), (r) => r.url().includes(`/onboarding/applications/${merchantId}/review`));
      for (const s of ONBOARDING_SECTIONS.filter((x) => x !== 'companyDoc')) {
        await clickUntilResponse(staff, staff.getByTestId(`section-${s}-accept`), (r) => r.url().includes(`/onboarding/applications/${merchantId}/decisions`));
      }
      await staff.getByTestId('section-companyDoc-reject').click();
      await staff.getByTestId('decision-input').fill('The bank statement is older than three months');
      await clickUntilResponse(staff, staff.getByTestId('decision-confirm'), (r) => r.url().includes('/decisions'));
      await staff.getByTestId('request-info-companyDoc').click();
      await pickOption(staff, 'request-info-field', en('onboarding.docType.bankStatement'));
      await staff.getByTestId('request-info-message').fill('Upload a statement of the last three months');
      await clickUntilResponse(staff, staff.getByTestId('request-info-confirm'), (r) => r.url().includes('/requests'));
      await staff.getByTestId('request-changes').click();
      await staff.getByTestId('request-changes-input').fill('One document needs replacing');
      await clickUntilResponse(staff, staff.getByTestId('request-changes-confirm'), (r) => r.url().includes('/request-changes') && r.status() === 200);
      await poll(() => dbValue<number>('select count(*)::int from mail_outbox where to_address = $1', [email])).toBe(2);
    });
  });

  it('7. the merchant sees what to change marked with the reviewer’s words, replaces the statement and resubmits', async () => {
    await withScreenshot(applicant, 'onboarding-7-marked', async () => {
      await applicant.goto(`${FK}/company/companyInfo`);
      await applicant.locator('[data-testid="ob-banner"][data-status="changes_requested"]').waitFor();
      // The banner lists what to change, the refusal in the reviewer's words and the request, each linked to its step.
      await applicant.locator('[data-testid="ob-refusal-companyDoc"]', { hasText: 'The bank statement is older than three months' }).waitFor();
      await applicant.locator('[data-testid^="ob-request-"]', { hasText: 'Upload a statement of the last three months' }).first().waitFor();
      // The stepper marks that step, in words too, and no other.
      const needsChanges = await tr(applicant, 'onboarding.flow.needsChanges');
      await poll(() => applicant.getByTestId('ob-step-companyDoc-action').textContent()).toBe(needsChanges);
      expect(await applicant.locator('.ant-steps-item-error [data-testid="ob-step-companyDoc"]').count()).toBe(1);
      expect(await applicant.locator('[data-testid$="-action"][data-testid^="ob-step-"]').count()).toBe(1);
      await applicant.locator('[data-testid="ob-refusal-companyDoc"] a').click();
      await applicant.waitForURL((u) => u.pathname === '/company/companyDoc');
      // On the step: the section's refusal at its head, the request at its field.
      await applicant.locator('[data-testid="ob-section-refused-companyDoc"]', { hasText: 'The bank statement is older than three months' }).waitFor();
      await applicant.locator('[data-testid^="ob-request-at-"]', { hasText: 'Upload a statement of the last three months' }).waitFor();
    });
    await withScreenshot(applicant, 'onboarding-7-resubmit', async () => {
      // Another file than the refused one (the same bytes again would be no change to the review).
      await uploadTo(applicant, 'ob-companyDoc-bankStatement', { name: 'statement-november.png', mimeType: 'image/png', buffer: PNG });
      await saved(applicant);
      await applicant.goto(`${FK}/overview/AgreeAndSubmit`);
      await applicant.getByTestId('ob-agree').check();
      await clickUntilResponse(applicant, applicant.getByTestId('ob-submit'), (r) => r.url().includes('/api/onboarding/application/submit') && r.status() === 200);
      await applicant.getByTestId('ob-locked').waitFor();
    });
  });

  it('8. staff find only the changed section pending, accept it and approve; the merchant is live and creates a live key', async () => {
    await withScreenshot(staff, 'onboarding-8-resubmitted', async () => {
      await staff.reload();
      await staff.getByTestId(`open-${merchantId}`).click();
      await clickUntilResponse(staff, staff.getByTestId('review-start'), (r) => r.url().includes('/review'));
      // The six accepted sections are unchanged: kept. Only the company documents (changed) wait, and Approve says so.
      await poll(() => staff.getByTestId('approve-blocked-undecided').textContent()).toBe(en('onboarding-review.blocked.undecided', { sections: en('onboarding.section.companyDoc') }));
      expect(await staff.getByTestId('approve').isDisabled()).toBe(true);
      for (const s of ONBOARDING_SECTIONS.filter((x) => x !== 'companyDoc')) {
        expect(await staff.getByTestId(`section-${s}-decision`).textContent(), s).toBe(en('onboarding.decision.accepted'));
        expect(await staff.getByTestId(`section-${s}-change`).getAttribute('data-change'), s).toBe('unchanged');
      }
      expect(await staff.getByTestId('section-companyDoc-change').getAttribute('data-change')).toBe('changed');
      await staff.locator('[data-testid="section-companyDoc-previous"]', { hasText: 'The bank statement is older than three months' }).waitFor();
    });
    await withScreenshot(staff, 'onboarding-8-approve', async () => {
      await clickUntilResponse(staff, staff.getByTestId('section-companyDoc-accept'), (r) => r.url().includes('/decisions'));
      await staff.locator('[data-testid="approve"]:not([disabled])').waitFor();
      expect(await staff.getByTestId('approve-blocked').count()).toBe(0);
      await staff.getByTestId('approve').click();
      await clickUntilResponse(staff, staff.getByTestId('approve-confirm'), (r) => r.url().includes('/approve') && r.status() === 200);
      await poll(() => dbValue<string>('select status from merchant where id = $1', [merchantId])).toBe('active');
    });
    await withScreenshot(applicant, 'onboarding-8-live-key', async () => {
      await applicant.goto(`${FK}${homePath(formkit)}`);
      await applicant.goto(`${FK}/developer/parameters`);
      expect((await createKey(applicant, 'Live checkout', 'live')).status()).toBe(200);
      await applicant.getByTestId('secret-saved').waitFor();
    });
  });
});

async function createKey(page: Page, name: string, mode: 'live' | 'sandbox') {
  await page.getByTestId('create-key').click();
  await page.getByTestId('key-name').fill(name);
  await page.locator('.ant-modal .ant-radio-button-wrapper', { hasText: await tr(page, `developer.mode.${mode}`) }).click();
  return clickUntilResponse(page, page.getByTestId('create-key-ok'), (r) => r.url().endsWith('/api/developer/keys') && r.request().method() === 'POST');
}

async function fillPerson(page: Page, id: string, name: string, born: string): Promise<void> {
  await page.getByTestId(`${id}-name`).fill(name);
  await pickDate(page, `${id}-dateOfBirth`, born);
  await pickOption(page, `${id}-nationality`, await tr(page, 'country.idr'));
}

/** A text in the page's own language (formkit starts in Chinese). */
async function tr(page: Page, key: string): Promise<string> {
  const lang = (await page.evaluate(() => document.documentElement.lang)) as Language;
  return translate(lang, key);
}
