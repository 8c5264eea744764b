// Inlined in the shell's HTML (build/pageTemplate.cjs), called with the markers of ../contract.ts.
// A prerendered page is shown before its
// JavaScript has run; what a visitor does on it in that time must not be lost or done differently.
// Until the page says it has hydrated (markers.hydratedEvent on document), this script holds
// what the page itself would have handled and hands it to the page once it can:
// - activations (a click, or Enter/Space on a button or link) of controls and of links within
//   the site: held, then the same element is activated again (a link navigates in the page, a
//   button does what it does, a submit button submits its form);
// - a form's submission: held (it would otherwise go to the server natively), then submitted again;
// - arrow, Home and End keys on a tab or a button that controls a panel (the FAQ and the tabs move
//   focus with them): held, then sent again;
// - text typed into a field, or an option chosen: left where it is, then told to the page as the
//   field's new value (a select's choice is kept, since hydrating it sets it back); an option chosen
//   on a select that is a stored preference (markers.storedChoiceAttribute names its key and its
//   cookie) is also stored at once, as the page would store it (its cookie, then localStorage): a reload, a page drawn afresh instead of hydrated,
//   or a page that never hydrates keeps it.
// A link within the page itself (the skip link, a section's anchor) is never held: it works natively.
// A link that opens elsewhere (another site, a new tab) is left to the browser. If the page never
// hydrates (its code failed), held links are followed after 20 s and the page works as plain HTML.
// A part of the page that hydrates later than the rest (markers.laterPart) is guarded the same way
// until it says it has hydrated: what is done in it is held (even once the page has hydrated), the
// part is told it is wanted, and what was held is done, or told, once it has.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- a function expression: the inliner calls it with the markers
(function (markers) {
  var d = document;
  var html = d.documentElement;
  var later = markers.laterPart;
  // What was held, and the fields typed in, each with what it waits for: the page (d) or a later part.
  var held = [];
  var typed = [];
  var chosen = new Map();
  var over = false;
  var hydratedPage = false;

  function drawnByServer(el) {
    return el && el.closest && !html.hasAttribute(markers.freshRenderAttribute) && el.closest('#root[' + markers.prerenderedAttribute + ']');
  }
  /** What `el` waits for before the page handles what is done on it: the page (d), a later part, or nothing (null). */
  function awaited(el) {
    if (!drawnByServer(el)) return null;
    if (!over) return d;
    // A page that never hydrated is plain HTML, its later parts too.
    if (!hydratedPage) return null;
    var part = el.closest('[' + later.attribute + ']');
    return part && !part.hasAttribute(later.hydratedAttribute) ? part : null;
  }
  function hold(event, owner, replay) {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ owner: owner, replay: replay });
    if (owner !== d) owner.dispatchEvent(new Event(later.wantedEvent));
  }

  d.addEventListener(
    'click',
    function (event) {
      var owner = awaited(event.target);
      if (!owner) return;
      var el = event.target.closest('a[href], button, summary, input, [role=button], [role=tab]');
      if (!el || el.disabled || (el.tagName === 'INPUT' && !/^(submit|button|checkbox|radio|reset)$/.test(el.type))) return;
      if (
        el.tagName === 'A' &&
        (el.origin !== location.origin ||
          (el.target && el.target !== '_self') ||
          el.hasAttribute('download') ||
          event.button !== 0 ||
          event.ctrlKey ||
          event.metaKey ||
          event.shiftKey ||
          event.altKey)
      )
        return;
      // A link within this page (the skip link, a section's anchor) works natively: it never waits.
      if (el.tagName === 'A' && el.hash && el.pathname === location.pathname && el.search === location.search) return;
      hold(event, owner, function (hydrated) {
        if (hydrated) el.click();
        else if (el.tagName === 'A') location.assign(el.href);
      });
    },
    true,
  );

  d.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      var owner = awaited(form);
      if (!owner) return;
      var submitter = event.submitter;
      hold(event, owner, function (hydrated) {
        if (hydrated) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
      });
    },
    true,
  );

  d.addEventListener(
    'keydown',
    function (event) {
      var el = event.target;
      var owner = awaited(el);
      if (!owner || !(el.getAttribute('role') === 'tab' || (el.tagName === 'BUTTON' && el.hasAttribute('aria-controls')))) return;
      if (!/^(ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End)$/.test(event.key)) return;
      var key = event.key;
      hold(event, owner, function (hydrated) {
        if (hydrated) el.dispatchEvent(new KeyboardEvent('keydown', { key: key, bubbles: true, cancelable: true }));
      });
    },
    true,
  );

  d.addEventListener(
    'input',
    function (event) {
      var el = event.target;
      if (!awaited(el) || !/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
      if (typed.indexOf(el) < 0) typed.push(el);
      // Hydrating a select sets it back to the value React renders: what was chosen is kept here.
      if (el.tagName === 'SELECT') chosen.set(el, el.value);
      var key = el.getAttribute(markers.storedChoiceAttribute);
      if (!key) return;
      // The cookie first: where a browser has it, it is what the next page reads (not localStorage).
      d.cookie = key + '=' + encodeURIComponent(el.value) + '; ' + markers.storedChoiceCookie + (location.protocol === 'https:' ? '; secure' : '');
      try {
        localStorage.setItem(key, el.value);
      } catch (e) {
        /* storage refused: the choice is still handed to the page once it hydrates */
      }
    },
    true,
  );

  // React keeps a field's last known value on the element: it hydrates with what was typed as that
  // value and would never see it as a change. Setting the field through the element (which React
  // follows) and back through the browser's own setter (which it does not) makes the next 'input'
  // event a change, carrying what the visitor typed.
  function announceTyped(el) {
    if (!el.isConnected) return;
    if (el.tagName === 'SELECT') {
      if (chosen.has(el)) el.value = chosen.get(el);
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    if (el.type === 'checkbox' || el.type === 'radio' || el.value === el.defaultValue) return;
    var own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value');
    if (!own || !own.set) return;
    var value = el.value;
    var start = el.selectionStart;
    var end = el.selectionEnd;
    el.value = el.defaultValue;
    own.set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    if (d.activeElement === el && start != null) {
      try {
        el.setSelectionRange(start, end);
      } catch (e) {
        /* a field without a selection */
      }
    }
  }

  // What waited for `owner` is handed over: the fields typed in told first (those in a later part
  // still held wait for it), then what was held done again, in order (done again on a later part
  // still held, an action is held anew, for it).
  function handOver(owner, hydrated) {
    var waiting =
      owner === d
        ? typed.filter(awaited)
        : typed.filter(function (el) {
            return !owner.contains(el);
          });
    if (hydrated)
      typed.forEach(function (el) {
        if (waiting.indexOf(el) < 0) announceTyped(el);
      });
    typed.forEach(function (el) {
      if (waiting.indexOf(el) < 0) chosen.delete(el);
    });
    typed = waiting;
    // A part drawn afresh (the language changed while it was held) is another element: what was
    // held for the one it replaced goes with it.
    function handed(entry) {
      return entry.owner === owner || (owner !== d && !entry.owner.isConnected);
    }
    var now = held.filter(handed);
    held = held.filter(function (entry) {
      return !handed(entry);
    });
    now.forEach(function (entry) {
      entry.replay(hydrated);
    });
  }

  function finish(hydrated) {
    if (over) return;
    over = true;
    hydratedPage = hydrated;
    html.setAttribute(markers.hydratedAttribute, hydrated ? 'true' : 'false');
    handOver(d, hydrated);
  }

  d.addEventListener(markers.hydratedEvent, function () {
    finish(true);
  });
  d.addEventListener(later.hydratedEvent, function (event) {
    if (over) handOver(event.target, true);
  });
  d.addEventListener('DOMContentLoaded', function () {
    if (d.querySelector('#root[' + markers.prerenderedAttribute + ']'))
      setTimeout(function () {
        finish(false);
      }, 20000);
  });
});
