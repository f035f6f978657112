/* SPDX-License-Identifier: MIT */
// common.mjs - what the browser tests share: how a test skips (no
// browser, no puppeteer-core) or fails, and where a headless Chromium is
// found ($ECARTE_BROWSER, else PATH, then Debian's own paths, as
// tests/test_report.c looks).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..',
                         '..');

export function skip(why) {
    console.log('SKIPPED: ' + why);
    process.exit(0);
}

export class Failure extends Error {}

export function fail(why) {
    throw new Failure(why);
}

export function check(cond, why) {
    if (!cond) {
        fail(why);
    }
}

export function executable(p) {
    try {
        fs.accessSync(p, fs.constants.X_OK);
        return fs.statSync(p).isFile();
    } catch {
        return false;
    }
}

// findBrowser - $ECARTE_BROWSER, else the first headless Chromium found
// on PATH, then Debian's own paths.
export function findBrowser() {
    const env = process.env.ECARTE_BROWSER;
    if (env) {
        return executable(env) ? env : null;
    }
    const names = ['chromium-headless-shell', 'chromium', 'chromium-browser',
                   'google-chrome'];
    const dirs = (process.env.PATH || '').split(':').filter(Boolean);
    for (const n of names) {
        for (const d of dirs) {
            const p = path.join(d, n);
            if (executable(p)) {
                return p;
            }
        }
    }
    for (const p of ['/usr/lib/chromium/chromium-headless-shell',
                     '/usr/lib/chromium/chromium']) {
        if (executable(p)) {
            return p;
        }
    }
    return null;
}

// setup - what a browser test needs before it starts, or a skip saying
// why it cannot (what: what would not be tested): puppeteer-core, a
// headless Chromium, the program ($ECARTE, default build/ecarte) and the
// screenshots' directory ($SHOTS, default /tmp/ecarte-shots, made).
export async function setup(what) {
    let puppeteer;
    try {
        puppeteer = (await import('puppeteer-core')).default;
    } catch (e) {
        skip('puppeteer-core is not installed (npm ci --prefix tests/browser, ' +
             'as scripts/install-deps does): ' + e.message.split('\n')[0]);
    }
    const chrome = findBrowser();
    if (!chrome) {
        skip('no headless Chromium found (chromium-headless-shell or ' +
             `chromium; set ECARTE_BROWSER): ${what}`);
    }
    const ecarte = path.resolve(process.env.ECARTE || path.join(SRC, 'build',
                                                                 'ecarte'));
    check(executable(ecarte), `no program at ${ecarte} (make all, or set ` +
          'ECARTE)');
    const shots = path.resolve(process.env.SHOTS || '/tmp/ecarte-shots');
    fs.mkdirSync(shots, { recursive: true });
    return { puppeteer, chrome, ecarte, shots };
}
