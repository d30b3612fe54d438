import escapeHtml from 'escape-html';

/** HTML that is already escaped (a template's output): inserted as is. Nothing else is. */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map((v) => render(v as Value)).join('');
  return escapeHtml(String(value));
}

/**
 * The pages' one template tag: every interpolated value is escaped (escape-html) unless it is the
 * output of another `html` template, so a customer named `<script>` is shown, never run.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}
