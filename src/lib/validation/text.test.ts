import { describe, expect, it } from 'vitest';
import { hasNoWebAddress } from './text';

describe('hasNoWebAddress (a name is a name)', () => {
  it.each([
    'Chiamaka Obi',
    'Ngozi O. Okafor-Adeyemi',
    'St. John Eze',
    'A.B. Chukwuemeka',
    "Tolu D'Souza",
    'Émilie Adébáyọ̀',
    'Mrs. Funmi Coker, Jr.',
  ])('accepts %s', (name) => expect(hasNoWebAddress(name)).toBe(true));

  it.each([
    'Ada https://prize.example/claim',
    'Ada hxxp://prize',
    'Visit www.prize-claim.example',
    'Ada WWW.PRIZE.EXAMPLE',
    'Claim at prize-claim.com now',
    'Ada bit.ly/abc',
    'Ada lagos-prize.ng',
    'Ada prize.example/claim',
  ])('refuses %s', (name) => expect(hasNoWebAddress(name)).toBe(false));
});
