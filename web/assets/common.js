/* SPDX-License-Identifier: MIT */
/*
 * common.js - what the pages of `ecarte serve` share: building the DOM
 * (text only: createElement and textContent, never markup from data),
 * cards with their suit symbols, the table's id from the address, the
 * scorer's token in sessionStorage, the JSON API and the event stream.
 * No framework, nothing fetched from elsewhere; the server's CSP allows
 * only scripts, styles and connections of its own.
 */
'use strict';

var Ecarte = (function () {
    var SUITS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
    var SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
    var RANKS = { '7': '7', '8': '8', '9': '9', T: '10', J: 'J', Q: 'Q',
                  K: 'K', A: 'A' };
    var RANK_NAMES = { '7': 'seven', '8': 'eight', '9': 'nine', T: 'ten',
                       J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
    var TOKEN_KEY = 'ecarte-token';

    /* el - an element: attrs (className, text, hidden, data-*, others
     * as attributes) and children (nodes or strings, as text). */
    function el(tag, attrs) {
        var node = document.createElement(tag);
        var k;
        var i;
        attrs = attrs || {};
        for (k in attrs) {
            if (!Object.prototype.hasOwnProperty.call(attrs, k) ||
                attrs[k] === null || attrs[k] === undefined) {
                continue;
            }
            if (k === 'className') {
                node.className = attrs[k];
            } else if (k === 'text') {
                node.textContent = String(attrs[k]);
            } else if (k === 'hidden' || k === 'disabled') {
                node[k] = !!attrs[k];
            } else {
                node.setAttribute(k, String(attrs[k]));
            }
        }
        for (i = 2; i < arguments.length; i++) {
            add(node, arguments[i]);
        }
        return node;
    }

    /* add - append a child: a node, a string (as text), an array of them. */
    function add(node, child) {
        var i;
        if (child === null || child === undefined || child === false) {
            return;
        }
        if (Array.isArray(child)) {
            for (i = 0; i < child.length; i++) {
                add(node, child[i]);
            }
        } else if (typeof child === 'object' && child.nodeType) {
            node.appendChild(child);
        } else {
            node.appendChild(document.createTextNode(String(child)));
        }
    }

    /* clear - remove every child of node. */
    function clear(node) {
        while (node.firstChild) {
            node.removeChild(node.firstChild);
        }
        return node;
    }

    /* $ - the element with this id. */
    function $(id) {
        return document.getElementById(id);
    }

    /* isCard - is s a card of the log ("TC", "??")? */
    function isCard(s) {
        return typeof s === 'string' &&
            (s === '??' || /^[789TJQKA][SHDC]$/.test(s));
    }

    /* cardName - "ten of clubs", "a card not seen" (for screen readers). */
    function cardName(code) {
        if (code === '??' || !isCard(code)) {
            return 'a card not seen';
        }
        return RANK_NAMES[code[0]] + ' of ' + SUIT_NAMES[code[1]];
    }

    /* card - a card face (rank and suit symbol, red for hearts and
     * diamonds) or a back for "??", as a span (or a tag given). */
    function card(code, tag) {
        var node;
        var rank;
        var suit;
        if (!isCard(code)) {
            return el(tag || 'span', { className: 'card unknown',
                                       text: String(code) });
        }
        if (code === '??') {
            return el(tag || 'span', { className: 'card back',
                                       title: cardName(code),
                                       'aria-label': cardName(code),
                                       'data-card': code });
        }
        rank = RANKS[code[0]];
        suit = code[1];
        node = el(tag || 'span', {
            className: 'card ' + (suit === 'H' || suit === 'D' ? 'red' : 'black'),
            title: cardName(code),
            'aria-label': cardName(code),
            'data-card': code
        }, el('span', { className: 'rank', text: rank }),
           el('span', { className: 'suit', text: SUITS[suit] }));
        return node;
    }

    /* cardText - "10♣" for "TC" (for running text). */
    function cardText(code) {
        if (!isCard(code) || code === '??') {
            return String(code);
        }
        return RANKS[code[0]] + SUITS[code[1]];
    }

    /* suitText - "♦ diamonds" for "D". */
    function suitText(s) {
        return SUITS[s] ? SUITS[s] + ' ' + SUIT_NAMES[s] : String(s);
    }

    /* tableId - the table's id from /tables/ID[/board|/report], or null. */
    function tableId() {
        var m = /^\/tables\/([^\/]+)/.exec(location.pathname);
        return m ? decodeURIComponent(m[1]) : null;
    }

    function tablePath(id) {
        return '/tables/' + encodeURIComponent(String(id));
    }

    function apiPath(id) {
        return '/api/tables/' + encodeURIComponent(String(id));
    }

    function token() {
        try {
            return sessionStorage.getItem(TOKEN_KEY) || '';
        } catch (e) {
            return '';
        }
    }

    function setToken(t) {
        try {
            if (t) {
                sessionStorage.setItem(TOKEN_KEY, t);
            } else {
                sessionStorage.removeItem(TOKEN_KEY);
            }
        } catch (e) {
            /* storage refused: the token lasts as long as the page */
        }
    }

    /*
     * api - fetch path (method, body as text/plain, auth: send the token)
     * and resolve {status, ok, json, text}; a network failure resolves
     * with status 0 and its message in text.
     */
    function api(method, path, body, auth) {
        var headers = { Accept: 'application/json' };
        var init = { method: method, headers: headers, cache: 'no-store',
                     credentials: 'same-origin' };
        if (body !== undefined && body !== null) {
            headers['Content-Type'] = 'text/plain; charset=utf-8';
            init.body = body;
        }
        if (auth) {
            headers.Authorization = 'Bearer ' + token();
        }
        return fetch(path, init).then(function (res) {
            return res.text().then(function (text) {
                var json = null;
                try {
                    json = text ? JSON.parse(text) : null;
                } catch (e) {
                    json = null;
                }
                return { status: res.status, ok: res.ok, json: json,
                         text: text };
            });
        }, function (err) {
            return { status: 0, ok: false, json: null,
                     text: String(err && err.message ? err.message : err) };
        });
    }

    /* failure - the words for a failed answer of the API. */
    function failure(res, what) {
        var why = res.json && res.json.error ? res.json.error :
            (res.text || '').slice(0, 200);
        if (res.status === 0) {
            return what + ': the server could not be reached (' + why + ')';
        }
        if (res.status === 401) {
            return what + ': the scorer\'s token was refused (401 ' +
                'Unauthorized)' + (why ? ': ' + why : '') +
                '. Enter the token `ecarte serve` printed.';
        }
        return what + ': ' + res.status + (why ? ' ' + why : '');
    }

    /*
     * stream - follow the table's events: handlers.state(obj),
     * handlers.lines(array), handlers.status('live'|'reconnecting').
     * EventSource reconnects by itself; when it gives up (closed) a new
     * one is opened after a pause.
     */
    function stream(id, handlers) {
        var es = null;
        var delay = 1000;
        function status(s) {
            if (handlers.status) {
                handlers.status(s);
            }
        }
        function parse(ev) {
            try {
                return JSON.parse(ev.data);
            } catch (e) {
                return null;
            }
        }
        function open() {
            es = new EventSource(apiPath(id) + '/events');
            es.addEventListener('open', function () {
                delay = 1000;
                status('live');
            });
            es.addEventListener('state', function (ev) {
                var s = parse(ev);
                if (s && handlers.state) {
                    handlers.state(s);
                }
            });
            es.addEventListener('lines', function (ev) {
                var l = parse(ev);
                if (l && handlers.lines) {
                    handlers.lines(l);
                }
            });
            es.addEventListener('error', function () {
                status('reconnecting');
                if (es.readyState === EventSource.CLOSED) {
                    es.close();
                    setTimeout(open, delay);
                    delay = Math.min(delay * 2, 15000);
                }
            });
        }
        open();
        return { close: function () { if (es) { es.close(); } } };
    }

    function two(n) {
        return (n < 10 ? '0' : '') + n;
    }

    /* hhmmss - the time of day now. */
    function hhmmss(d) {
        d = d || new Date();
        return two(d.getHours()) + ':' + two(d.getMinutes()) + ':' +
            two(d.getSeconds());
    }

    /* playerName - the name of seat s in players, or "A"/"B". */
    function playerName(players, s) {
        var n = players && players[s];
        return (n === null || n === undefined || n === '' || n === '?') ?
            'Player ' + s : String(n);
    }

    function num(n) {
        return (n === null || n === undefined) ? '0' : String(n);
    }

    /* recordText - one record of a line in words. */
    function recordText(r) {
        var s;
        if (!r || typeof r !== 'object') {
            return String(r);
        }
        switch (r.type) {
        case 'ruling':
            s = (r.law ? r.law + ' ' : '') + (r.title || 'ruling');
            if (r.note) {
                s += ': ' + r.note;
            } else if (r.words) {
                s += ': ' + r.words;
            }
            return s;
        case 'note':
            return String(r.text || r.note || r.words || 'note');
        case 'deal':
            s = 'deal' + (r.deal !== undefined ? ' ' + r.deal : '') + ' over';
            if (r.void) {
                s += ' (void)';
            }
            if (r.points) {
                s += ': points A ' + num(r.points.A) + ', B ' + num(r.points.B);
            }
            if (r.score) {
                s += '; score A ' + num(r.score.A) + ', B ' + num(r.score.B);
            }
            return s;
        case 'game':
            s = 'game' + (r.game !== undefined ? ' ' + r.game : '') + ' over';
            if (r.winner) {
                s += ': won by ' + r.winner;
            }
            if (r.score) {
                s += '; A ' + num(r.score.A) + ', B ' + num(r.score.B);
            }
            return s;
        case 'finding':
            return 'finding: ' + String(r.words || r.text || r.note ||
                                        r.kind || '');
        default:
            return String(r.words || r.text || r.note || r.type || '');
        }
    }

    return {
        el: el, add: add, clear: clear, $: $, card: card, cardText: cardText,
        cardName: cardName, isCard: isCard, suitText: suitText,
        tableId: tableId, tablePath: tablePath, apiPath: apiPath,
        token: token, setToken: setToken, api: api, failure: failure,
        stream: stream, hhmmss: hhmmss, playerName: playerName, num: num,
        recordText: recordText
    };
}());

/* The views both the scorer's page and the board draw from a state. */
Ecarte.view = (function (E) {
    var el = E.el;

    /* score - names, points and games of both seats into the elements
     * name-S, score-S, games-S; the title "A v B". */
    function score(s) {
        ['A', 'B'].forEach(function (seat) {
            var name = E.$('name-' + seat);
            var pts = E.$('score-' + seat);
            var games = E.$('games-' + seat);
            var g = s.games ? s.games[seat] : null;
            if (name) {
                name.textContent = seat + ' · ' + E.playerName(s.players, seat);
            }
            if (pts) {
                pts.textContent = E.num(s.score ? s.score[seat] : 0);
            }
            if (games) {
                games.textContent = (g === null || g === undefined) ? '' :
                    'games ' + g;
            }
        });
    }

    /* dealLine - "deal 3 · B deals, A elder · exchange" into node. */
    function dealLine(node, s) {
        var parts = [];
        E.clear(node);
        if (s.deal === null || s.deal === undefined) {
            parts.push('no deal in hand');
        } else {
            parts.push('deal ' + s.deal);
        }
        if (s.dealer) {
            parts.push(s.dealer + ' deals' + (s.elder ? ', ' + s.elder +
                                              ' elder' : ''));
        }
        if (s.phase) {
            parts.push(String(s.phase));
        }
        if (s.laws) {
            parts.push('laws: ' + s.laws);
        }
        if (s.format && s.format !== 'duel') {
            parts.push(String(s.format));
        }
        node.appendChild(el('span', { text: parts.join(' · ') }));
    }

    function turnup(node, trumpNode, s) {
        E.clear(node);
        if (s.turnup) {
            node.appendChild(E.card(s.turnup));
        } else {
            node.appendChild(el('span', { className: 'none', text: '—' }));
        }
        if (trumpNode) {
            trumpNode.textContent = s.trump ? 'trumps ' + E.suitText(s.trump) : '';
        }
    }

    function trick(node, tricksNode, s) {
        var t = Array.isArray(s.trick) ? s.trick : [];
        E.clear(node);
        var last = Array.isArray(s.last_trick) ? s.last_trick : [];
        if (t.length === 0) {
            node.appendChild(el('span', { className: 'none', text: 'no card on the table' }));
            if (last.length) {
                node.appendChild(el('div', { className: 'last-trick' },
                                    el('span', { className: 'label', text: 'last trick' }),
                                    last.map(function (p) {
                                        return el('span', { className: 'small',
                                                            'data-seat': p.seat,
                                                            text: p.seat + ' ' + E.cardText(p.card) });
                                    })));
            }
        }
        t.forEach(function (p) {
            node.appendChild(el('div', { className: 'played',
                                         'data-seat': p.seat,
                                         'data-card': p.card },
                                E.card(p.card),
                                el('span', { className: 'who', text: p.seat })));
        });
        if (tricksNode) {
            tricksNode.textContent = s.tricks ?
                'tricks won: A ' + E.num(s.tricks.A) + ', B ' + E.num(s.tricks.B) : '';
        }
    }

    /* rulings - the rulings given, newest first (at most max). */
    function rulings(node, list, max) {
        var items = Array.isArray(list) ? list.slice() : [];
        E.clear(node);
        items.reverse();
        if (max) {
            items = items.slice(0, max);
        }
        if (items.length === 0) {
            node.appendChild(el('li', { className: 'none', text: 'no ruling yet' }));
        }
        items.forEach(function (r) {
            node.appendChild(el('li', { className: 'ruling',
                                        'data-law': r.law || '' },
                                el('span', { className: 'law', text: r.law || '' }),
                                ' ',
                                el('span', { className: 'title', text: r.title || '' }),
                                el('div', { className: 'words', text: r.words || '' }),
                                r.line !== undefined ?
                                    el('div', { className: 'at', text: 'line ' + r.line }) :
                                    null));
        });
    }

    /* sitting - the persons at a chouette, pool or gallery: name, role,
     * seat, balance; the pool, the roles, the bets, the house.  Hidden
     * (returns false) at a duel with nobody listed. */
    function sitting(node, s) {
        var st = s.sitting || {};
        var persons = Array.isArray(st.persons) ? st.persons : [];
        var table;
        var body;
        var facts = [];
        E.clear(node);
        if (persons.length === 0 && (!s.format || s.format === 'duel')) {
            return false;
        }
        table = el('table', { className: 'persons' },
                   el('thead', {}, el('tr', {},
                                      el('th', { text: 'Person' }),
                                      el('th', { text: 'Role' }),
                                      el('th', { text: 'Seat' }),
                                      el('th', { className: 'num', text: 'Balance' }))));
        body = el('tbody');
        persons.forEach(function (p) {
            var bal = Number(p.balance || 0);
            body.appendChild(el('tr', { 'data-person': p.id || '' },
                                el('td', { text: p.name || p.id || '' }),
                                el('td', { text: p.role || '' }),
                                el('td', { text: p.seat || '—' }),
                                el('td', { className: 'num ' + (bal < 0 ? 'neg' : 'pos'),
                                           text: (bal > 0 ? '+' : '') + bal })));
        });
        table.appendChild(body);
        node.appendChild(table);
        if (st.roles) {
            facts.push(['Roles', st.roles]);
        }
        if (st.pool) {
            facts.push(['Pool', st.pool]);
        }
        if (st.bets) {
            facts.push(['Stakes and bets', st.bets]);
        }
        if (st.house) {
            facts.push(['House', String(st.house)]);
        }
        if (facts.length) {
            node.appendChild(el('dl', { className: 'facts' },
                                facts.map(function (f) {
                                    return [el('dt', { text: f[0] }),
                                            el('dd', { text: f[1] })];
                                })));
        }
        return true;
    }

    /* waiting - the elections pending in words (no buttons: the board). */
    function waiting(node, s) {
        var list = Array.isArray(s.pending) ? s.pending : [];
        E.clear(node);
        list.forEach(function (p) {
            var opts = (Array.isArray(p.options) ? p.options : []).map(function (o) {
                return o.option;
            });
            node.appendChild(el('li', { className: 'election', 'data-law': p.law || '' },
                                el('span', { className: 'law', text: p.law || '' }), ' ',
                                el('span', { className: 'title', text: p.title || '' }),
                                el('div', { text: (p.elector ? E.playerName(s.players, p.elector) +
                                                   ' (' + p.elector + ') chooses: ' : 'to choose: ') +
                                                  opts.join(' or ') })));
        });
        return list.length > 0;
    }

    return { score: score, dealLine: dealLine, turnup: turnup, trick: trick,
             waiting: waiting,
             rulings: rulings, sitting: sitting };
}(Ecarte));
