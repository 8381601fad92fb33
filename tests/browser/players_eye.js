// The page side of the player's-eye check (tests/browser/players_eye.py): what the
// table draws, where its dialogs are, the focus, overflow and target sizes, read in the
// page.  Loaded into every page of the check's browser context (add_init_script), and
// called as window.playersEye.NAME(arg).
"use strict";

/** The table shown: the dice game's or the board game's root, whichever is visible. */
function shownRoot() {
  return [...document.querySelectorAll(".nw-root[data-step], .nwb-root[data-step]")]
    .find((e) => e.offsetParent !== null) || null;
}

window.playersEye = {
  diceDrawn: () => {
    const root = document.querySelector('.nw-root[data-step]');
    if (!root) return null;
    const out = {};
    const text = (el) => (el ? el.textContent.replace(/\s+/g, ' ').trim() : '');
    const seatOf = (el) => {
      const sec = el.closest('.nw-player');
      const m = sec && /^Player (\d+)/.exec(sec.getAttribute('aria-label') || '');
      return m ? Number(m[1]) - 1 : '?';
    };
    for (const el of root.querySelectorAll('.nw-player [data-die]')) {
      const used = Boolean(el.closest('.nw-used-area'));
      const where = `seat ${seatOf(el)} ${used ? 'used' : 'unused'}`;
      const key = `die ${el.dataset.die}`;
      const label = el.getAttribute('aria-label') || '';
      let line;
      if (el.querySelector('.nw-face-blank')) line = `${where}: blank (${label})`;
      else {
        const face = el.querySelector('.nw-face');
        line = `${where}: face ${el.dataset.face} shows '${text(face)}' (${label.replace(/ \(used\)|, selected|, paired for a trade/g, '')})`;
      }
      out[key] = key in out ? out[key] + ' AND ' + line : line;
    }
    for (const sec of root.querySelectorAll('.nw-player')) {
      const seat = seatOf(sec);
      const labels = [...sec.querySelectorAll('.nw-tray > .nw-slot-label')].map((e) => text(e.firstChild && e.firstChild.nodeType === 1 ? e.firstChild : e));
      out[`trays ${seat}`] = labels.join(' / ');
      for (const chit of sec.querySelectorAll('.nw-chit')) {
        const m = /^(\w+) chits/.exec(chit.getAttribute('aria-label') || '');
        out[`chit ${seat} ${m ? m[1] : '?'}`] = text(chit.querySelector('.nw-num'));
      }
    }
    const tileKey = /^(slot|adv|wip|col|won)-\d+(-\d+)?$/;
    for (const el of root.querySelectorAll('.nw-player [data-key]')) {
      if (tileKey.test(el.dataset.key)) out[el.dataset.key] = text(el.querySelector('.nw-tile-name'));
    }
    for (const el of root.querySelectorAll('.nw-player .nw-empty-slot')) {
      const seat = seatOf(el);
      const slot = el.closest('.nw-advisor') ? 'adv' : el.closest('.nw-wonder-slot') ? 'wip' : '?';
      out[`${slot}-${seat}`] = '(none)';
    }
    const grid = root.querySelector('.nw-progress .nw-board-grid');
    if (grid) {
      const cells = [...grid.children].filter((e) => e.classList.contains('nw-tile'));
      const heads = grid.querySelectorAll(':scope > .nw-col-head').length;
      const cols = heads || Math.round(cells.length / 3);
      cells.forEach((el, i) => {
        const r = [2, 1, 0][Math.floor(i / cols)];
        out[`board c${i % cols} r${r}`] = el.classList.contains('nw-empty') ? '(empty)' : text(el.querySelector('.nw-tile-name'));
      });
    }
    return out;
  },
  boardDrawn: () => {
    const root = document.querySelector('.nwb-root[data-step]');
    if (!root || root.offsetParent === null) return null;
    const out = {};
    const text = (el) => (el ? el.textContent.replace(/\s+/g, ' ').trim() : '');
    const num = (s) => s.replace(/\u2212/g, '-');
    const cardName = (el) => text(el.querySelector('.nwb-card-name'));
    for (const row of root.querySelectorAll('.nwb-progress [data-key^="row-"]')) {
      const r = Number(row.dataset.key.slice(4));
      const cells = row.querySelector('.nwb-row-cards');
      [...(cells ? cells.children : [])].forEach((el, c) => {
        out[`progress r${r} c${c}`] = el.classList.contains('nwb-empty') ? '(taken)' : (cardName(el) || `(blank: ${text(el).slice(0, 40)})`);
      });
    }
    // every nation's panel: each figure now, and the next production's change under it
    for (const panel of root.querySelectorAll('.nwb-players .nwb-pp[data-seat]')) {
      const seat = Number(panel.dataset.seat);
      for (const fig of panel.querySelectorAll('[data-fig]')) {
        const k = fig.dataset.fig;
        out[`panel ${seat} ${k}`] = num(text(fig.querySelector('.nwb-pp-now b')));
        if (k !== 'workers') out[`panel ${seat} ${k} next`] = num(text(fig.querySelector('.nwb-pp-delta')).replace(/\u00a0/g, ''));
      }
    }
    const unfolded = [];
    for (const sec of root.querySelectorAll('.nwb-nation[data-seat]')) {
      const seat = Number(sec.dataset.seat);
      const body = sec.querySelector('.nwb-nation-body');
      if (!body) {
        const m = /^(\S+ gold · \S+ stone · \S+ food)/.exec(num(text(sec.querySelector('.nwb-summary'))));
        out[`nation ${seat} summary`] = m ? m[1] : text(sec.querySelector('.nwb-summary'));
        continue;
      }
      unfolded.push(seat);
      for (const stat of body.querySelectorAll('.nwb-stats > .nwb-stat')) {
        out[`nation ${seat} ${text(stat.querySelector('.nwb-k'))}`] = num(text(stat.querySelector('b')));
      }
      const slots = body.querySelector(':scope > .nwb-slots');
      [...(slots ? slots.children : [])].forEach((el, k) => {
        if (el.classList.contains('nwb-empty')) { out[`nation ${seat} slot ${k}`] = '(empty)'; return; }
        const w = el.querySelector('.nwb-workers');
        const m = /^(\d+) workers?/.exec(w ? w.getAttribute('aria-label') || '' : '');
        out[`nation ${seat} slot ${k}`] = `${cardName(el) || '(no name)'}, ${m ? m[0].replace(/^(\d+) workers?/, (x, n) => n + (n === '1' ? ' worker' : ' workers')) : '(no worker count)'}`;
      });
      for (const box of body.querySelectorAll('.nwb-side-cards > div')) {
        const head = text(box.querySelector('h4'));
        const names = [...box.querySelectorAll(':scope > [data-card]')].map(cardName);
        if (/^Advisor/.test(head)) out[`nation ${seat} advisors`] = names.join(', ') || '(none)';
        else if (/^Colonies/.test(head)) out[`nation ${seat} colonies`] = names.join(', ') || '(none)';
        else if (/^Wonders/.test(head)) out[`nation ${seat} wonders`] = names.join(', ') || '(none)';
        else if (/^Wonder under construction/.test(head)) {
          const b = box.querySelector('.nwb-building');
          const m = b ? /^(\d+ of \d+ sections built)/.exec(text(b.querySelector(':scope > p'))) : null;
          out[`nation ${seat} wonder under construction`] = b ? `${cardName(b)}, ${m ? m[1] : '?'}` : '(none)';
        }
      }
    }
    return { drawn: out, unfolded };
  },
  overflow: () => {
    const root = shownRoot();
    if (!root) return [];
    const box = root.getBoundingClientRect();
    const out = [];
    const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${el.dataset.key ? '[' + el.dataset.key + ']' : ''} "${(el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
    for (const el of root.querySelectorAll('*')) {
      // .nwb-sr, .nw-sr: a figure's words for a screen reader, hidden on purpose (its icon says them)
      if (el.closest('.nw-tip, [role=tooltip], .nw-table-scroll, .nwb-scroll, .nw-overlay, dialog, svg, option, .nwb-sr, .nw-sr, details:not([open]) > :not(summary)')) continue;
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1) out.push('outside the table: ' + name(el));
      const cs = getComputedStyle(el);
      const clips = cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1) out.push('clipped: ' + name(el));
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push('the page scrolls sideways');
    return out;
  },
  targets: (primary) => {
    const out = [];
    const controls = document.querySelectorAll('button, select, input:not([type=hidden]), summary, a[href], [tabindex]:not([tabindex="-1"])');
    for (const el of controls) {
      // the app's controls: its game switch and the table
      if (!el.closest('.nw-app, .nw-root, .nwb-root') || el.closest('.nw-tip, [role=tooltip]')) continue;
      // measured at rest: a die rolling in (its animation) is measured at a later position
      if (el.getAnimations && el.getAnimations().some((a) => a.playState === 'running')) continue;
      // a checkbox's target is its label, when it has one around it
      const boxed = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label');
      const r = (boxed || el).getBoundingClientRect();
      if (!r.width || !r.height) continue;                      // not shown
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden') continue;
      const big = el.matches(primary);
      const min = big ? 44 : 24;
      if (r.width + 0.5 < min || r.height + 0.5 < min) {
        const what = el.dataset.key || el.getAttribute('aria-label') || (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 30) || el.tagName.toLowerCase();
        out.push(`${big ? 'primary ' : ''}${el.tagName.toLowerCase()} "${what}" is ${Math.round(r.width)}x${Math.round(r.height)} (under ${min}x${min})`);
      }
    }
    return out;
  },
  dialogs: () => {
    const out = [];
    const vw = window.innerWidth, vh = window.innerHeight;
    // modal: an overlay or a <dialog> over the page; else a part of the page (the decision
    // panel, a move's preview, a purchase's question)
    const add = (what, el, box, panel = false, modal = false) => {
      const r = box.getBoundingClientRect();
      if (!r.width && !r.height) return;
      out.push({ what, sig: (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 400),
        top: r.top, bottom: r.bottom, left: r.left, right: r.right, vw, vh, panel, modal });
    };
    // the overlays of today's code, and the modal <dialog>s (top layer) of the dialogs fix
    for (const el of document.querySelectorAll('.nw-overlay, dialog[open]')) {
      if (el.closest('details:not([open])')) continue;
      add(`dialog "${el.getAttribute('aria-label') || el.dataset.key || ''}"`, el, el.firstElementChild || el, false, true);
    }
    for (const el of document.querySelectorAll('[role=dialog]:not(.nw-overlay):not(dialog), .nw-preview, .nw-pending, .nw-give-back')) {
      if (el.closest('.nw-overlay, dialog') || el.closest('details:not([open])') || (el.tagName === 'DETAILS' && !el.open)) continue;
      const name = el.getAttribute('aria-label') || el.dataset.key
        || (el.classList.contains('nw-give-back') ? 'what to give back' : el.classList.contains('nw-pending') ? 'the purchase\'s question' : el.className);
      add(`"${name}"`, el, el);
    }
    const panel = document.querySelector('.nw-root[data-step] .nw-actions, .nwb-root[data-step] .nwb-prompt');
    if (panel) add('the decision panel', panel, panel, true);
    return out;
  },
  focus: () => {
    const root = shownRoot();
    const a = document.activeElement;
    const name = !a ? 'nothing' : a === document.body ? 'the page body' : `${a.tagName.toLowerCase()}${a.dataset && a.dataset.key ? '[' + a.dataset.key + ']' : ''}`;
    const host = root && root.parentElement;
    return { inside: Boolean(host && a && a !== document.body && host.contains(a)), name };
  },
  snapshot: () => {
    const live = shownRoot();
    if (!live) return null;
    const root = live.cloneNode(true);
    const drop = '.nw-tip, [role=tooltip], .nw-log, .nw-history, .nw-coach, .nw-actions, .nwb-prompt, ' +
      '.nwb-preview, .nw-overlay, dialog, .nw-error, .nw-note, details.nw-newgame, .nw-recent-moves, ' +
      '.nwb-recent-moves, [data-key="recent"], .nwb-their-moves, .nwb-log, .nw-meta, .nwb-detail, ' +
      '[aria-live], .nw-settings, .nwb-turn, .nw-header, .nwb-head, ' +
      // the review's offer depends on how the game came (a loaded one offers "the game so
      // far"), not on the position
      '.nw-coach-review, [data-key^="review"]';
    for (const el of root.querySelectorAll(drop)) el.remove();
    const lines = [];
    const walk = (el, key) => {
      const k = el.dataset && (el.dataset.die !== undefined ? `die ${el.dataset.die} face ${el.dataset.face}` : el.dataset.key) || key;
      for (const child of el.childNodes) {
        if (child.nodeType === 3) {
          const t = child.data.replace(/\s+/g, ' ').trim();
          if (t) lines.push(`${k}: ${t}`);
        } else if (child.nodeType === 1) walk(child, k);
      }
    };
    walk(root, 'table');
    return lines;
  },
  read: () => {
    const root = shownRoot();
    if (!root) return null;
    const dice = root.classList.contains('nwb-root') ? false : true;
    const err = root.querySelector('.nw-error');
    const summary = dice ? root.querySelector('[data-key="round-summary"]') : root.querySelector('[data-key="summary"]');
    return {
      step: root.dataset.step,
      pos: Number(root.dataset.position),
      game: root.dataset.game || '',
      live: Boolean(root.querySelector(dice ? '.nw-player.nw-live' : '.nwb-prompt.nwb-live')),
      // (getClientRects: a modal <dialog> is fixed, and has no offsetParent)
      summary: Boolean(summary && summary.getClientRects().length),
      viewing: Boolean(root.querySelector('[data-key="back-to-game"]')),
      error: err ? err.textContent : '',
    };
  },
  settled: (prev) => {
    const root = shownRoot();
    if (!root) return false;
    if (root.querySelector('.nw-error')) return true;
    if (root.dataset.step === 'game_over') return true;
    if (Number(root.dataset.position) === prev) return false;
    if (root.querySelector('[data-key="back-to-game"]')) return false;
    const dice = !root.classList.contains('nwb-root');
    return Boolean(root.querySelector(dice ? '.nw-player.nw-live' : '.nwb-prompt.nwb-live'))
      || [...root.querySelectorAll(dice ? '[data-key="round-summary"]' : '[data-key="summary"]')]
        .some((e) => e.getClientRects().length);
  },
  atPosition: ([pos, live]) => {
    const root = shownRoot();
    if (!root || Number(root.dataset.position) !== pos) return false;
    if (!live) return true;
    const dice = !root.classList.contains('nwb-root');
    return !root.querySelector('[data-key="back-to-game"]')
      && Boolean(root.querySelector(dice ? '.nw-player.nw-live' : '.nwb-prompt.nwb-live'));
  },
  newGame: (prev) => {
    const root = shownRoot();
    return Boolean(root) && root.dataset.game !== prev && root.dataset.step !== 'game_over';
  },
  // Icons on the screen under `sel` drawn without their picture: each one's image must be
  // an SVG, unrepeated, scaled to the icon (a style sheet loaded after the icons' one, a
  // second game's bundle or the host page's, must not clear or tile it).
  iconsUndrawn: (sel) => {
    const undrawn = [];
    let checked = 0;
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll('.nw-icon, .nw-ic')) {
        if (!el.checkVisibility() || !el.getClientRects().length) continue;
        checked += 1;
        const cs = getComputedStyle(el);
        const name = [...el.classList].find((c) => /^nw-icon-/.test(c)) || '(no name)';
        const bad = [];
        if (!/^url\("data:image\/svg\+xml/.test(cs.backgroundImage)) bad.push('image ' + cs.backgroundImage.slice(0, 20));
        if (cs.backgroundRepeat !== 'no-repeat') bad.push('repeat ' + cs.backgroundRepeat);
        if (/auto/.test(cs.backgroundSize)) bad.push('size ' + cs.backgroundSize);
        if (bad.length) {
          const where = el.closest('[data-key]');
          undrawn.push(`${name} in ${where ? where.dataset.key : el.parentElement.className}: ${bad.join(', ')}`);
        }
      }
    }
    return { checked, undrawn };
  },
  pendingSig: () => {
    const root = document.querySelector('.nw-root[data-step]');
    if (!root) return '';
    const vis = (sel) => [...root.querySelectorAll(sel)].filter((e) => e.getClientRects().length).length;
    // the buy's preview (its choices inside it): Confirm shown, and live once Python's answer is there
    const ok = root.querySelector('.nw-preview button[data-key="preview-confirm"]');
    return JSON.stringify([root.dataset.position, vis('button[data-key="preview-confirm"]'),
      ok ? ok.disabled : null, Boolean(root.querySelector('.nw-error')),
      root.querySelector('.nw-preview') ? root.querySelector('.nw-preview').textContent : '']);
  },
};
