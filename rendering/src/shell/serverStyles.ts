// The page's styled-components rules, drawn by the server and kept by the browser as they are.
//
// styled-components' own way: the server's `<style data-styled data-styled-version>` is read when
// styled-components starts in the browser, each of its rules is inserted again into a style element
// of styled-components' own, and the server's element is removed. The browser then matches and lays
// out the whole page again for the same rules, after its first paint: a task of style and layout on
// every page's start (1.2–10.4 ms to insert the rules and 4.4–22.2 ms for the style and layout that
// follow, on a slow host, unthrottled).
//
// Here: the server's element carries no version (styled-components' start passes it by), and the
// shell's start, right after styled-components is evaluated and before any styled component is
// made, adopts it: every class name its markers list is known to the page's style sheet (a render
// that needs one inserts nothing), and the element's own CSS rule list becomes the sheet's, each
// component's rules counted where they are, so that a rule the browser needs later (a state or a part
// the server did not draw) is inserted among them in styled-components' order (a component's rules
// after those of the components made before it) into the same element. Nothing is inserted or removed
// at the start: no second matching of the page.
//
// styled-components (6) has no public way to do this: the page's sheet (`mainSheet`), its class
// `StyleSheet` (`registerId`, `registerName`) and its grouped tag (`tag`, the `GroupedTag` shape) are
// reached through `__PRIVATE__`, the internals it exports. The pinned version is checked, and
// anything else (another version, a sheet that has a tag already, the markers out of order) leaves
// it to styled-components' own rehydration.
import { __PRIVATE__, version as styledComponentsVersion } from 'styled-components';
import type { ServerStyleSheet } from 'styled-components';

/** The attribute that marks the server's style element (styled-components' own, so that its tags go after it). */
const ATTRIBUTE = 'data-styled';
/** Its value on the server's element (styled-components' own tags have "active"). */
const SERVER = 'server';
/** The version of styled-components whose sheet, tag and marker rules this adopts. */
const ADOPTED_VERSION = '6.6.0';

/** A group's marker rule, after its rules: `data-styled.g12[id="sc-abc"]{content:"name1,name2,"}`. */
const MARKER = /^data-styled\.g\d+\[id="([\w-]+)"\]$/;

type Sheet = typeof __PRIVATE__.mainSheet;
type GroupedTag = NonNullable<Sheet['tag']>;

/** The server's style element of a page: every rule of its render, after each component's rules its marker. */
export function serverStyleElement(sheet: ServerStyleSheet): string {
  const css = sheet.instance.toString();
  return css ? `<style ${ATTRIBUTE}="${SERVER}">${css}</style>` : '';
}

/** The page's style sheet as a grouped tag of styled-components: the rules of group g follow those of every group before it. */
class AdoptedTag implements GroupedTag {
  groupSizes: Uint32Array;
  length: number;
  tag: GroupedTag['tag'];

  constructor(cssSheet: CSSStyleSheet, groupSizes: Uint32Array) {
    this.groupSizes = groupSizes;
    this.length = groupSizes.length;
    this.tag = {
      get length() {
        return cssSheet.cssRules.length;
      },
      insertRule(index: number, rule: string) {
        try {
          cssSheet.insertRule(rule, index);
          return true;
        } catch {
          // A rule this browser cannot parse (another browser's prefix): styled-components skips it too.
          return false;
        }
      },
      deleteRule: (index: number) => cssSheet.deleteRule(index),
      getRule: (index: number) => cssSheet.cssRules[index]?.cssText ?? '',
    };
  }

  private sizeOf(group: number): number {
    return this.groupSizes[group] ?? 0;
  }

  private indexOfGroup(group: number): number {
    let index = 0;
    for (let i = 0; i < group; i++) index += this.sizeOf(i);
    return index;
  }

  insertRules(group: number, rules: string[]): void {
    if (group >= this.length) {
      let length = this.length;
      while (group >= length) length *= 2;
      const sizes = new Uint32Array(length);
      sizes.set(this.groupSizes);
      this.groupSizes = sizes;
      this.length = length;
    }
    let index = this.indexOfGroup(group + 1);
    for (const rule of rules) {
      if (this.tag.insertRule(index, rule)) {
        this.groupSizes[group] = this.sizeOf(group) + 1;
        index++;
      }
    }
  }

  clearGroup(group: number): void {
    if (group >= this.length) return;
    const start = this.indexOfGroup(group);
    for (let i = 0; i < this.sizeOf(group); i++) this.tag.deleteRule(start);
    this.groupSizes[group] = 0;
  }

  getGroup(group: number): string {
    if (group >= this.length) return '';
    const start = this.indexOfGroup(group);
    let css = '';
    for (let i = start; i < start + this.sizeOf(group); i++) css += `${this.tag.getRule(i)}/*!sc*/\n`;
    return css;
  }
}

/** A marker rule's component and class names, or null when the rule is one of a component's own. */
function readMarker(rule: CSSRule): { id: string; names: string[] } | null {
  if (!('selectorText' in rule)) return null;
  const marker = MARKER.exec((rule as CSSStyleRule).selectorText);
  if (!marker?.[1]) return null;
  const content = (rule as CSSStyleRule).style.getPropertyValue('content').replace(/^"|"$/g, '');
  return { id: marker[1], names: content.split(',').filter(Boolean) };
}

/** A component's rules on the server's sheet: its id, its class names, and how many rules it has there (its own and its marker, which ends them). */
export interface ServerRuleGroup {
  id: string;
  names: string[];
  size: number;
}

/** What the server's sheet writes after each rule (styled-components' own separator, `SPLITTER`). */
const RULE_END = '/*!sc*/\n';
/** A marker as the server wrote it: `data-styled.g12[id="sc-abc"]{content:"name1,name2,"}`. */
const MARKER_TEXT = /^data-styled\.g\d+\[id="([\w-]+)"\]\{content:"([^"]*)"\}$/;

/**
 * The server's element's groups read from its text, as the server wrote it (each rule, then
 * `/*!sc*\/`), or null where the text does not give the sheet's `ruleCount` rules one for one (a rule
 * this browser did not keep, a rule after the last marker, not the server's text). Reading the text
 * asks nothing of the browser's CSS object model: reading every rule's selector from it (the
 * fallback, readRuleGroups) made a wrapper object for each rule and wrote its selector out again,
 * 1.5–5 ms at the start of a page of 172 rules here, unthrottled.
 */
export function textRuleGroups(text: string, ruleCount: number): ServerRuleGroup[] | null {
  if (!text.endsWith(RULE_END)) return null;
  const rules = text.slice(0, -RULE_END.length).split(RULE_END);
  if (rules.length !== ruleCount) return null;
  const groups: ServerRuleGroup[] = [];
  let size = 0;
  for (const rule of rules) {
    size++;
    const marker = rule.startsWith('data-styled.g') ? MARKER_TEXT.exec(rule) : null;
    if (!marker?.[1]) continue;
    groups.push({ id: marker[1], names: (marker[2] ?? '').split(',').filter(Boolean), size });
    size = 0;
  }
  return size === 0 ? groups : null;
}

/** The groups read from the sheet's rules themselves (their selectors and the markers' content), or null where rules follow the last marker. */
function readRuleGroups(cssSheet: CSSStyleSheet): ServerRuleGroup[] | null {
  const groups: ServerRuleGroup[] = [];
  let size = 0;
  for (const rule of Array.from(cssSheet.cssRules)) {
    size++;
    const marker = readMarker(rule);
    if (!marker) continue;
    groups.push({ ...marker, size });
    size = 0;
  }
  return size === 0 ? groups : null;
}

/**
 * Adopts the server's style element of `document` as the page's style sheet, before any styled
 * component is made (the shell's start: right after styled-components is evaluated). Returns whether
 * it did; when it does not (no such element, another version of styled-components, a sheet that
 * has a tag already, markers out of order), the element is handed to styled-components' own
 * rehydration, which inserts its rules again and removes it, as styled-components does.
 */
export function adoptServerStyles(doc: Document = document): boolean {
  const element = doc.querySelector<HTMLStyleElement>(`style[${ATTRIBUTE}="${SERVER}"]`);
  if (!element) return false;
  const sheet = __PRIVATE__.mainSheet;
  const adopted = styledComponentsVersion === ADOPTED_VERSION && !sheet.tag && element.sheet !== null && adopt(sheet, element, element.sheet);
  if (!adopted) {
    element.setAttribute('data-styled-version', styledComponentsVersion);
    sheet.rehydrate();
  }
  return adopted;
}

function adopt(sheet: Sheet, element: HTMLStyleElement, cssSheet: CSSStyleSheet): boolean {
  // Rules after the last marker belong to no component: not a sheet the server made.
  const read = textRuleGroups(element.textContent ?? '', cssSheet.cssRules.length) ?? readRuleGroups(cssSheet);
  if (!read) return false;
  // First every marker's group: no name is registered and no tag set unless all agree (the groups
  // given meanwhile are set anew by styled-components' rehydration).
  const groups: (ServerRuleGroup & { group: number })[] = [];
  let last = 0;
  for (const marker of read) {
    // The group styled-components gives the component: the next free one, unless a component
    // of that id was made before (then the order of the page's rules may not be the sheet's).
    const group = __PRIVATE__.StyleSheet.registerId(marker.id);
    if (group <= last) return false;
    groups.push({ ...marker, group });
    last = group;
  }
  let length = 512;
  while (last >= length) length *= 2;
  const groupSizes = new Uint32Array(length);
  for (const { id, names, group, size: rules } of groups) {
    groupSizes[group] = rules;
    for (const name of names) sheet.registerName(id, name);
  }
  sheet.tag = new AdoptedTag(cssSheet, groupSizes);
  return true;
}
