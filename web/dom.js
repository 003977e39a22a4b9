// Tiny DOM helpers: build elements without innerHTML for anything that holds server text.

/** `el('button', {class: 'x', onclick: f}, 'text', child)` */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k === 'html') e.innerHTML = v;
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export const $ = (id) => document.getElementById(id);

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

let activeClose = null;

/**
 * A modal dialog built by `build(close)`; resolves with the value passed to `close`, or null on
 * Esc (unless `mustChoose`) or when another dialog replaces it.
 */
export function modal(build, { label, mustChoose = false, key = null } = {}) {
  const dlg = $('dialog');
  if (activeClose) activeClose(null);
  return new Promise((resolve) => {
    let done = false;
    const close = (value) => {
      if (done) return;
      done = true;
      activeClose = null;
      dlg.removeEventListener('cancel', cancel);
      if (dlg.open) dlg.close();
      dlg.replaceChildren();
      delete dlg.dataset.key;
      resolve(value);
    };
    const cancel = (ev) => {
      ev.preventDefault();
      if (!mustChoose) close(null);
    };
    activeClose = close;
    dlg.addEventListener('cancel', cancel);
    dlg.replaceChildren(build(close));
    if (key) dlg.dataset.key = key;
    if (label) dlg.setAttribute('aria-label', label);
    if (!dlg.open) dlg.showModal();
    const first = dlg.querySelector('[autofocus], button, input, select');
    if (first) first.focus();
  });
}

/** The key of the open dialog, if any. */
export function modalKey() {
  const dlg = $('dialog');
  return dlg.open ? dlg.dataset.key || '' : null;
}

/** Closes any open dialog. */
export function closeModal() {
  if (activeClose) activeClose(null);
}
