// A tiny element builder: h("div", {class: "x", onclick: fn}, child, "text", [more]).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(el.style, value);
    } else if (key === "value") {
      el.value = value;
    } else if (key === "checked" || key === "disabled" || key === "selected") {
      el[key] = Boolean(value);
      if (key === "disabled") el.setAttribute("disabled", "");
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

let counter = 0;
/** A document-unique id (for aria-describedby and label/for pairs). */
export function uid(prefix = "nw") {
  counter += 1;
  return `${prefix}-${counter}`;
}
