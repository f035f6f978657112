/* SPDX-License-Identifier: MIT */
/*
 * scorer.js - the scorer's page of a table (/tables/ID): the table as the
 * referee knows it, the next legal lines as buttons, any line typed, the
 * elections pending with their options, undo (strike), the lines sent
 * with their notes and rulings.  Every line goes to POST
 * /api/tables/ID/lines with the scorer's token; the state comes from the
 * event stream (and after each answer, from GET /api/tables/ID).
 */
'use strict';

(function (E) {
    var el = E.el;
    var id = E.tableId();
    var busy = false;
    var state = null;
    var logged = {};            /* "line|text" of entries in the log */
    var LOG_MAX = 40;

    function showError(msg) {
        var box = E.$('error');
        box.textContent = msg || '';
        box.hidden = !msg;
    }

    function askToken(why) {
        var box = E.$('token-box');
        box.hidden = false;
        if (why) {
            showError(why);
        }
        E.$('token-input').focus();
    }

    function setBusy(b) {
        busy = b;
        document.body.classList.toggle('busy', b);
        Array.prototype.forEach.call(
            document.querySelectorAll('button[data-line], #send, #undo'),
            function (btn) { btn.disabled = b; });
    }

    /* a button that sends its line */
    function lineButton(line, content, cls) {
        return el('button', { type: 'button', className: cls || 'line',
                              'data-line': line, title: line },
                  content);
    }

    function renderHands(s) {
        var node = E.$('hands');
        E.clear(node);
        ['A', 'B'].forEach(function (seat) {
            var cards = s.hands && Array.isArray(s.hands[seat]) ? s.hands[seat] : [];
            var row = el('div', { className: 'hand', 'data-seat': seat,
                                  id: 'hand-' + seat },
                         el('span', { className: 'label',
                                      text: seat + ' · ' + E.playerName(s.players, seat) +
                                            (s.dealer === seat ? ' (dealer)' : '') +
                                            (s.elder === seat ? ' (elder)' : '') }));
            var fan = el('div', { className: 'fan' });
            if (cards.length === 0) {
                fan.appendChild(el('span', { className: 'none', text: 'no cards' }));
            }
            cards.forEach(function (c) {
                fan.appendChild(E.card(c));
            });
            row.appendChild(fan);
            node.appendChild(row);
        });
    }

    /* next - one button per line of next.lines: the cards as cards, the
     * other lines as words. */
    function renderNext(s) {
        var node = E.$('next');
        var next = s.next || {};
        var lines = Array.isArray(next.lines) ? next.lines : [];
        var cards = el('div', { className: 'group cards', 'data-group': 'cards' });
        var words = el('div', { className: 'group words', 'data-group': 'words' });
        E.clear(node);
        if (next.seat || next.step) {
            node.appendChild(el('p', { className: 'who',
                                       text: (next.seat ? next.seat + ' · ' +
                                              E.playerName(s.players, next.seat) + ' — ' : '') +
                                             (next.step || '') }));
        }
        lines.forEach(function (line) {
            var m = /^([AB]) (plays|leads) ([789TJQKA][SHDC]|\?\?)$/i.exec(String(line));
            if (m) {
                cards.appendChild(lineButton(line,
                                             [E.card(m[3].toUpperCase()),
                                              el('span', { className: 'verb', text: m[2] })],
                                             'card-button'));
            } else {
                words.appendChild(lineButton(line, String(line)));
            }
        });
        if (cards.firstChild) {
            node.appendChild(cards);
        }
        if (words.firstChild) {
            node.appendChild(words);
        }
        if (lines.length === 0) {
            node.appendChild(el('p', { className: 'none',
                                       text: 'no line to offer: type one below' }));
        }
    }

    /* pending - each election waiting, with its options as buttons. */
    function renderPending(s) {
        var node = E.$('pending');
        var list = Array.isArray(s.pending) ? s.pending : [];
        E.clear(node);
        node.hidden = list.length === 0;
        if (list.length === 0) {
            return;
        }
        node.appendChild(el('h2', { text: 'Election pending' }));
        list.forEach(function (p) {
            var opts = el('div', { className: 'options' });
            (Array.isArray(p.options) ? p.options : []).forEach(function (o) {
                opts.appendChild(lineButton(o.line,
                                            [el('span', { className: 'option',
                                                          text: o.option }),
                                             o.preview ? el('span', { className: 'preview',
                                                                      text: o.preview }) : null],
                                            'option-button'));
            });
            node.appendChild(el('div', { className: 'election',
                                         'data-law': p.law || '' },
                                el('div', { className: 'head' },
                                   el('span', { className: 'law', text: p.law || '' }),
                                   ' ',
                                   el('span', { className: 'title', text: p.title || '' })),
                                el('div', { className: 'words', text: p.words || '' }),
                                el('div', { className: 'parties',
                                            text: 'offender: ' + (p.offender ?
                                                p.offender + ' · ' + E.playerName(s.players, p.offender) : '—') +
                                                  ' — chooses: ' + (p.elector ?
                                                p.elector + ' · ' + E.playerName(s.players, p.elector) : '—') }),
                                opts));
        });
    }

    function render(s) {
        state = s;
        document.title = 'Écarté — table ' + s.table + ': ' +
            E.playerName(s.players, 'A') + ' v ' + E.playerName(s.players, 'B');
        E.$('title').textContent = 'Table ' + s.table + ': ' +
            E.playerName(s.players, 'A') + ' v ' + E.playerName(s.players, 'B');
        E.view.score(s);
        E.view.dealLine(E.$('deal'), s);
        E.$('prompt').textContent = s.prompt || '';
        E.view.turnup(E.$('turnup'), E.$('trump'), s);
        E.view.trick(E.$('trick'), E.$('tricks'), s);
        renderHands(s);
        renderPending(s);
        renderNext(s);
        E.view.rulings(E.$('rulings'), s.rulings, 0);
        E.$('sitting').hidden = !E.view.sitting(E.$('persons'), s);
        document.body.setAttribute('data-seq', String(s.seq));
        setBusy(busy);
    }

    /* log - the answer for each line: accepted or refused (the error),
     * its records in words; newest first, at most LOG_MAX. */
    function log(items) {
        var node = E.$('log');
        (Array.isArray(items) ? items : []).forEach(function (it) {
            var key = (it.accepted ? 'ok' : 'no') + '|' + it.line + '|' + it.text;
            var recs = Array.isArray(it.records) ? it.records : [];
            var li;
            if (logged[key]) {
                return;         /* the answer and the stream both tell it */
            }
            logged[key] = true;
            li = el('li', { className: it.accepted ? 'accepted' : 'refused',
                            'data-line-no': it.line },
                    el('span', { className: 'no', text: it.line !== undefined ? String(it.line) : '' }),
                    el('span', { className: 'text', text: it.text || '' }),
                    el('span', { className: 'verdict',
                                 text: it.accepted ? 'recorded' : 'refused: nothing recorded' }));
            if (!it.accepted && it.error) {
                li.appendChild(el('div', { className: 'err', text: it.error }));
            }
            recs.forEach(function (r) {
                li.appendChild(el('div', { className: 'record ' + (r.type || ''),
                                           'data-type': r.type || '',
                                           text: E.recordText(r) }));
            });
            node.insertBefore(li, node.firstChild);
        });
        while (node.children.length > LOG_MAX) {
            node.removeChild(node.lastChild);
        }
    }

    function refresh() {
        return E.api('GET', E.apiPath(id)).then(function (res) {
            if (res.ok && res.json) {
                render(res.json);
            } else {
                showError(E.failure(res, 'Reading the table'));
            }
        });
    }

    /* send - post lines; on a refusal show the server's words. */
    function send(text, fromInput) {
        var input = E.$('line-input');
        if (!text || busy) {
            return Promise.resolve(false);
        }
        if (!E.token()) {
            askToken('Enter the scorer\'s token first: nothing was sent.');
            return Promise.resolve(false);
        }
        setBusy(true);
        return E.api('POST', E.apiPath(id) + '/lines', text, true).then(function (res) {
            var refused;
            setBusy(false);
            if (res.status === 401) {
                E.setToken('');
                askToken(E.failure(res, 'Not sent'));
                return false;
            }
            if (!res.ok || !Array.isArray(res.json)) {
                showError(E.failure(res, 'Not sent'));
                return false;
            }
            log(res.json);
            refused = res.json.filter(function (it) { return !it.accepted; });
            if (refused.length) {
                showError(refused.map(function (it) {
                    return (it.error || 'refused: ' + it.text) + ' — nothing recorded';
                }).join('\n'));
            } else {
                showError('');
                if (fromInput) {
                    input.value = '';
                }
            }
            return refresh().then(function () { return refused.length === 0; });
        });
    }

    function init() {
        if (id === null) {
            showError('No table in this address: open /tables/ID.');
            return;
        }
        E.$('link-board').setAttribute('href', E.tablePath(id) + '/board');
        E.$('link-report').setAttribute('href', E.tablePath(id) + '/report');
        E.$('title').textContent = 'Table ' + id;

        E.$('token-box').addEventListener('submit', function (ev) {
            var t = E.$('token-input').value.trim();
            ev.preventDefault();
            if (!t) {
                return;
            }
            E.setToken(t);
            E.$('token-input').value = '';
            E.$('token-box').hidden = true;
            showError('');
        });
        E.$('token-change').addEventListener('click', function () {
            askToken('');
        });
        if (!E.token()) {
            askToken('');
        }

        /* one listener for every line button, present and future */
        document.addEventListener('click', function (ev) {
            var btn = ev.target.closest ? ev.target.closest('button[data-line]') : null;
            if (btn && !btn.disabled) {
                send(btn.getAttribute('data-line'), false);
            }
        });
        E.$('line-form').addEventListener('submit', function (ev) {
            ev.preventDefault();
            send(E.$('line-input').value.trim(), true);
        });
        E.$('undo').addEventListener('click', function () {
            send('strike', false);
        });

        refresh();
        E.stream(id, {
            state: render,
            lines: log,
            status: function (st) {
                var c = E.$('conn');
                c.textContent = st === 'live' ? 'live' : 'reconnecting…';
                c.className = 'conn ' + st;
            }
        });
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', init);
    } else {
        init();
    }
}(Ecarte));
