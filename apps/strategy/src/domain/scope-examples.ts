/**
 * The scope bank (`library/scope-examples.json`): requests in users' own words
 * that are not about running an organisation (a tenant's rent, a gaming laptop,
 * a fantasy football team, homework about Porter's five forces), many of them in
 * business words used in a personal sense ("a growth strategy for my tomato
 * plants"), and business questions that look personal or small (a freelancer's
 * rates, a family-run café, a hockey club's members). With every question of
 * the vague-question bank and a sample of the framework example bank on the
 * business side, the same classifier as the other banks (`ExampleClassifier`:
 * TF-IDF terms and word vectors, softmax regression over two classes) gives a
 * request's `businessShare`, which `planAnswer` weighs beside the scope rules
 * (SPEC.md area C: only requests that are clearly not business are refused, 422
 * `unsupported_request`). A second reading (`smallOrganisationShareSource`),
 * trained with the example banks' later batches of very small organisations
 * and the bank's last batch, is asked only about a request the rules refuse.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LIBRARY_DIR } from './library.js';
import { classShare, ExampleClassifier, problemBankLater, readExampleBank, readTrainedWeights, SharedSource } from './problem-examples.js';
import { frameworkBankLater, frameworkBankSample } from './framework-examples.js';
import { loadVagueExamples } from './vague-examples.js';
import { wordVectors } from './word-vectors.js';

/** `apps/strategy/library/scope-examples.json`. */
export const SCOPE_EXAMPLES_FILE = path.join(DEFAULT_LIBRARY_DIR, 'scope-examples.json');
/** `apps/strategy/library/scope-model.bin`: the trained regression (`pnpm --filter @latchkey/strategy train:models`). */
export const SCOPE_MODEL_FILE = path.join(DEFAULT_LIBRARY_DIR, 'scope-model.bin');
/** `apps/strategy/library/small-organisation-model.bin`: the regression of `smallOrganisationExamples`. */
export const SMALL_ORGANISATION_MODEL_FILE = path.join(DEFAULT_LIBRARY_DIR, 'small-organisation-model.bin');

/**
 * How many of the bank's requests that are not business (its batches before the last) `scopeExamples` learns from:
 * the scope rules' thresholds (`plan.ts`) were set on that training, so a later batch does not move them.
 */
export const SCOPE_NOT_BUSINESS = 2378;

const question = z.string().trim().min(2);
const bankSchema = z.strictObject({
  about: z.string().trim().min(20),
  examples: z.strictObject({ notBusiness: z.array(question).min(100), business: z.array(question).min(50) }),
});

/** The bank: how it was written, and its requests that are not business and its business questions. */
export interface ScopeExamples {
  about: string;
  examples: { notBusiness: string[]; business: string[] };
}

/**
 * Reads the scope bank and checks its shape (at least 100 requests that are not business and 50 business
 * questions, none twice).
 * @throws LibraryError when the file is missing, is not JSON or breaks those rules.
 */
export function loadScopeExamples(file = SCOPE_EXAMPLES_FILE): ScopeExamples {
  return readExampleBank(file, bankSchema);
}

/**
 * The two classes the classifier learns: the bank's requests that are not business; and its business questions
 * with every question of the vague-question bank (vague and specific) and a sample of the framework example bank
 * (`frameworkBankSample`).
 * @throws LibraryError when a bank is missing or malformed.
 */
export function scopeExamples(bank = loadScopeExamples()): Record<'business' | 'notBusiness', string[]> {
  const vague = loadVagueExamples().examples;
  const sample = frameworkBankSample();
  const seen = new Set<string>();
  const business = [...bank.examples.business, ...vague.vague, ...vague.specific, ...sample].filter((q) => {
    const key = q.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { business, notBusiness: bank.examples.notBusiness.slice(0, SCOPE_NOT_BUSINESS) };
}

/**
 * The classes of the second reading, of small organisations (`smallOrganisationShareSource`): every request of the
 * bank that is not business (its last batch too: customers of trades, employees, households, hobbies and personal
 * worries in the register of a phone); and the business questions of `scopeExamples` with every question of the later
 * batches of the framework bank and the problem-type bank (`frameworkBankLater`, `problemBankLater`: small
 * organisations on a phone, the register the scope bank's business side lacks).
 *
 * Chosen by how well it tells business from personal requests it never saw (area under the ROC curve of the share,
 * the scope banks' business questions against the personal requests of the scope banks and the read scope sets):
 * 0.8650 for `scopeExamples`, 0.8689 with the last batch of personal requests, 0.8785 with the later batches beside it
 * (0.8703 with an eighth of the framework bank's later batches and a quarter of the problem-type bank's, 0.8712 with
 * every batch of both whole), measured with the problem-type bank's third and fourth batches, its fifth held out.
 * @throws LibraryError when a bank is missing or malformed.
 */
export function smallOrganisationExamples(bank = loadScopeExamples()): Record<'business' | 'notBusiness', string[]> {
  const base = scopeExamples(bank);
  const seen = new Set(base.business.map((q) => q.toLowerCase()));
  const later = [...frameworkBankLater(), ...problemBankLater()].filter((q) => {
    const key = q.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { business: [...base.business, ...later], notBusiness: bank.examples.notBusiness };
}

/** What scores how much a request reads like business (the bank's classifier, or a stand-in in tests). */
export interface BusinessShareSource {
  /** Probability (0-1) that `text` is a business question rather than a request of another kind. */
  businessShare(text: string): number;
}

const source = new SharedSource<BusinessShareSource>(() => {
  const classifier = new ExampleClassifier(scopeExamples(), [], wordVectors(), readTrainedWeights(SCOPE_MODEL_FILE));
  return { businessShare: classShare(classifier, 'business') };
});

const smallOrganisation = new SharedSource<BusinessShareSource>(() => {
  const classifier = new ExampleClassifier(smallOrganisationExamples(), [], wordVectors(), readTrainedWeights(SMALL_ORGANISATION_MODEL_FILE));
  return { businessShare: classShare(classifier, 'business') };
});

/**
 * The second reading (`smallOrganisationExamples`, weights of `SMALL_ORGANISATION_MODEL_FILE`), which `planAnswer`
 * asks only about a request the scope rules refuse; null when a stand-in turned it off.
 * @throws LibraryError when a bank is missing or malformed.
 */
export function smallOrganisationShareSource(): BusinessShareSource | null {
  return smallOrganisation.get();
}

/** Replaces the second reading (`null` turns it off); `undefined` restores the banks' own. */
export function useSmallOrganisationShareSource(standIn: BusinessShareSource | null | undefined): void {
  smallOrganisation.replace(standIn);
}

/**
 * The classifier over the scope bank (built on first use with the weights of `SCOPE_MODEL_FILE`, or trained in
 * about a second when they no longer fit), or null when a stand-in turned the signal off.
 * @throws LibraryError when a bank is missing or malformed.
 */
export function businessShareSource(): BusinessShareSource | null {
  return source.get();
}

/** Replaces the scope classifier (`null` turns the signal off); `undefined` restores the bank's own. */
export function useBusinessShareSource(standIn: BusinessShareSource | null | undefined): void {
  source.replace(standIn);
}
