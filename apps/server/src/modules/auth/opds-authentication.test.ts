// The Authentication for OPDS document against the published JSON schema, unmodified (the OPDS
// community's drafts and the Readium link object it refers to, draft-07), and what it tells an app.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { opdsSchema } from '../../../test/opds-clients';
import { opdsAuthenticationDocument, opdsAuthenticationLink } from './opds-authentication';

const authenticationValidator = () => opdsSchema('authentication');

describe('the Authentication for OPDS document', () => {
  const publicUrl = 'https://comics.example';
  const document = opdsAuthenticationDocument(publicUrl);

  it('is valid against the published schema', () => {
    const validate = authenticationValidator();
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is what the schema refuses when it lacks what is required (the validator is no yes-man)', () => {
    const validate = authenticationValidator();
    const { authentication: _, ...withoutFlows } = document;
    expect(validate(withoutFlows)).toBe(false);
    expect(validate({ ...document, links: [{ rel: 'help', type: 'text/html' }] })).toBe(false);
  });

  it('offers HTTP Basic with labels for the e-mail and the app password', () => {
    expect(document.authentication).toEqual([
      { type: 'http://opds-spec.org/auth/basic', labels: { login: 'E-mail', password: 'App password' } },
    ]);
  });

  it('names itself and every page it links to by an absolute address on PUBLIC_URL', async () => {
    expect(document.id).toBe('https://comics.example/opds/auth');
    expect(Object.fromEntries(document.links.map((link) => [link.rel, [link.href, link.type]]))).toEqual({
      register: ['https://comics.example/singup', 'text/html'],
      help: ['https://comics.example/user/devices', 'text/html'],
      logo: ['https://comics.example/icon-192.png', 'image/png'],
    });
    // The logo is the web app's icon, served from its public folder, as big as it says.
    const logo = new URL('../../../../web/public/icon-192.png', import.meta.url);
    expect(existsSync(logo)).toBe(true);
    expect(await sharp(fileURLToPath(logo)).metadata()).toMatchObject({ format: 'png', width: 192, height: 192 });
  });

  it('is what feeds link to', () => {
    expect(opdsAuthenticationLink(publicUrl)).toEqual({
      rel: 'http://opds-spec.org/auth/document',
      href: document.id,
      type: 'application/opds-authentication+json',
    });
  });
});
