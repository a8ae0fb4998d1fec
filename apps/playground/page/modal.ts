// A modal the bot answered with: its text inputs with their length limits, like Discord's client.
import type { Component } from "./api.ts";
import { h } from "./dom.ts";

const TEXT_INPUT = 4;
const LABEL = 18;
const DEFAULT_MAX = 4000;

interface Input {
  component: Component;
  label: string;
  description?: string;
}

function inputsOf(rows: Component[]): Input[] {
  const inputs: Input[] = [];
  for (const row of rows) {
    if (row.type === LABEL && row.component?.type === TEXT_INPUT) inputs.push({ component: row.component, label: row.label ?? "", ...(row.description ? { description: row.description } : {}) });
    for (const child of row.components ?? []) if (child.type === TEXT_INPUT) inputs.push({ component: child, label: child.label ?? "" });
  }
  return inputs;
}

/** Shows the modal; `submit` gets the values by custom_id and returns an error to show, or null to close. */
export function showModal(data: { title?: string; components?: Component[] }, submit: (fields: Record<string, string>) => Promise<string | null>): void {
  const inputs = inputsOf(data.components ?? []);
  const error = h("div", { class: "modal-error", role: "alert" });
  const controls = inputs.map(({ component, label, description }) => {
    const max = component.max_length ?? DEFAULT_MAX;
    const attributes = {
      name: component.custom_id ?? "",
      maxlength: String(max),
      minlength: component.min_length === undefined ? undefined : String(component.min_length),
      required: component.required !== false,
      placeholder: component.placeholder,
      "data-testid": `modal-input-${component.custom_id ?? ""}`,
    };
    const control = component.style === 2 ? h("textarea", { ...attributes, rows: "6" }) : h("input", { ...attributes, type: "text" });
    control.value = component.value ?? "";
    const counter = h("span", { class: "counter" }, `${[...control.value].length} / ${max}`);
    control.addEventListener("input", () => {
      counter.textContent = `${[...control.value].length} / ${max}`;
    });
    return { component, control, element: h("label", { class: "modal-field" }, h("span", { class: "modal-label" }, label, component.required !== false ? h("b", { class: "required" }, " *") : null), description ? h("span", { class: "option-description" }, description) : null, control, counter) };
  });
  const send = h("button", { class: "button primary", type: "submit", "data-testid": "modal-submit" }, "Submit");
  const cancel = h("button", { class: "button secondary", type: "button" }, "Cancel");
  const form = h("form", { class: "modal", "data-testid": "modal" }, h("h2", { class: "modal-title" }, data.title ?? ""), controls.map((control) => control.element), error, h("div", { class: "modal-actions" }, cancel, send));
  const overlay = h("div", { class: "overlay" }, form);
  const close = (): void => overlay.remove();
  cancel.addEventListener("click", close);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    for (const { component, control } of controls) {
      const length = [...control.value].length;
      if (component.required !== false && length === 0) return void (error.textContent = "Fill in every required field.");
      if (component.min_length !== undefined && length > 0 && length < component.min_length) return void (error.textContent = `At least ${component.min_length} characters.`);
    }
    send.disabled = true;
    const fields = Object.fromEntries(controls.map(({ component, control }) => [component.custom_id ?? "", control.value]));
    void submit(fields).then((problem) => {
      send.disabled = false;
      if (problem) error.textContent = problem;
      else close();
    });
  });
  document.body.append(overlay);
  (controls[0]?.control as HTMLElement | undefined)?.focus();
}
