/** Password hashing parameters (argon2id), the same for sign-up, resets and the demo users. */
import type { Algorithm } from '@node-rs/argon2';

/** argon2id (Algorithm.Argon2id = 2; a const enum, not importable as a value under verbatimModuleSyntax). */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm } as const;
