import { describe, expect, it } from 'vitest';
import { hasNoWebAddress } from './text';
import { hasNoDomainName } from './web-address.server';

/**
 * The server's check of a name (docs/decisions/0387-public-surface-round-3.md): every ending on the public suffix
 * list, look-alike dots and IPv4 addresses are refused; names written with dots, initials and degrees are not.
 */
describe('hasNoDomainName (a name is a name, whatever the ending)', () => {
  it.each([
    'Evil evil.shop',
    'evil.live',
    'Claim at prize.vip',
    'Ada evil．com',
    'Ada evil。com',
    'Ada evil｡shop',
    'Ada ｅｖｉｌ．ｃｏｍ',
    'Ada 1.2.3.4',
    'Ada １．２．３．４',
    'Ada lagos-prize.com.ng',
    'Ada prize.africa',
    'Ada Prize.Gov.Ng',
    'Ada my-page.github.io',
  ])('refuses %s', (name) => expect(hasNoDomainName(name)).toBe(false));

  it.each([
    'J.R.R. Tolkien',
    'Mr. A. Okafor',
    'St. John',
    'Adé-Ọlá',
    'Ngozi O. Okafor-Adeyemi',
    'A.B. Chukwuemeka',
    'Mrs. Funmi Coker, Jr.',
    'Engr. Tunde Bakare, B.Tech',
    'Dr. Ifeoma Eze, M.Sc',
    'Chidi Obi Ph.D.',
    'Mr.Okafor',
    'Émilie Adébáyọ̀',
    "Tolu D'Souza",
    'Ọmọ́túndé Àlàbí',
  ])('accepts %s', (name) => expect(hasNoDomainName(name)).toBe(true));

  it("the popup's light check catches look-alike dots and addresses too, and lets the same names through", () => {
    for (const name of ['Ada evil．com', 'Ada evil。com', 'Ada 1.2.3.4']) expect(hasNoWebAddress(name)).toBe(false);
    for (const name of ['J.R.R. Tolkien', 'Mr. A. Okafor', 'St. John', 'Adé-Ọlá']) expect(hasNoWebAddress(name)).toBe(true);
  });
});
