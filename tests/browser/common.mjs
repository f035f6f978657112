/* SPDX-License-Identifier: MIT */
// common.mjs - what the browser tests share: how a test skips (no
// browser, no puppeteer-core) or fails, and where a headless Chromium is
// found ($ECARTE_BROWSER, else PATH, then Debian's own paths, as
// tests/test_report.c looks).

import fs from 'node:fs';
import path from 'node:path';

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
