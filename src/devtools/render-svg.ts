/**
 * Draws a laid-out statechart as SVG markup: the docs' chart and the live panel use this
 * one renderer. Colours are presentation attributes, so the file reads well on its own;
 * the panel's stylesheet lights the active states and animates the last transition.
 */
import { labelLines, type ChartLayout } from './layout.ts';

const round = (value: number) => Math.round(value * 10) / 10;

export interface Highlight {
  /** Active state node ids. */
  active?: ReadonlySet<string>;
  /** The ids of the states the machine can go to next. */
  next?: ReadonlySet<string>;
  /** The edge of the last transition. */
  lastEdge?: string;
  /**
   * The live panel's chart: each state a control that keyboard and mouse can pick (the
   * panel moves the focus among them), so the drawing is not one image but a group.
   */
  interactive?: boolean;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A state as a control: focusable by script (the panel keeps one in the tab order), named by its path. */
const control = (id: string, active = false) =>
  ` tabindex="-1" role="button" aria-label="${escapeXml(id.split('.').slice(1).join('.'))}${active ? ' (current)' : ''}"`;

export function renderSvg(layout: ChartLayout, highlight: Highlight = {}, title = 'signInMachine'): string {
  const margin = 8;
  const width = layout.width + margin * 2;
  const height = layout.height + margin * 2;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-margin} ${-margin} ${width} ${height}" width="${width}" height="${height}" role="${highlight.interactive ? 'group' : 'img'}" aria-label="${escapeXml(title)} statechart" font-family="system-ui, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>',
    `<rect x="${-margin}" y="${-margin}" width="${width}" height="${height}" fill="#ffffff"/>`,
  );
  // Compound states first, so that their children are drawn over them.
  const ordered = [...layout.nodes].sort((a, b) => Number(b.compound) - Number(a.compound));
  for (const node of ordered) {
    const classes = [
      'state',
      node.compound ? 'compound' : 'leaf',
      node.initial ? 'initial' : '',
      highlight.active?.has(node.id) ? 'active' : '',
      highlight.next?.has(node.id) ? 'next' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const labelY = node.compound ? node.y + 30 : node.y + node.height / 2 + 9;
    const labelX = node.compound ? node.x + 12 : node.x + node.width / 2;
    parts.push(
      `<g class="${classes}" data-state="${escapeXml(node.id)}" data-state-id="${escapeXml(node.id)}"${highlight.interactive ? control(node.id, highlight.active?.has(node.id)) : ''}>`,
      `<rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="${node.compound ? 12 : 8}" fill="${node.compound ? '#f8fafc' : '#eff6ff'}" stroke="${node.initial ? '#1d4ed8' : '#64748b'}" stroke-width="${node.initial ? 2 : 1.2}"/>`,
      `<text x="${labelX}" y="${labelY}" font-size="30" font-weight="600" fill="#0f172a"${node.compound ? '' : ' text-anchor="middle"'}>${escapeXml(node.label)}</text>`,
      '</g>',
    );
  }
  for (const edge of layout.edges) {
    const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
    const classes = ['transition', highlight.lastEdge === edge.id ? 'last' : ''].filter(Boolean).join(' ');
    parts.push(
      `<g class="${classes}" data-edge="${escapeXml(edge.id)}">`,
      `<path d="${d}" fill="none" stroke="#475569" stroke-width="1.2" marker-end="url(#arrow)"/>`,
    );
    if (edge.labelBox) {
      const box = edge.labelBox;
      parts.push(
        `<rect class="label-bg" x="${box.x - 2}" y="${box.y - 1}" width="${box.width + 4}" height="${box.height + 2}" rx="3" fill="#ffffff" fill-opacity="0.9"/>`,
        `<text font-size="10.5" text-anchor="middle" fill="#334155">${labelLines(edge.label)
          .map((line, i) => `<tspan x="${box.x + box.width / 2}" y="${round(box.y + 11 + i * 14)}">${escapeXml(line)}</tspan>`)
          .join('')}</text>`,
      );
    }
    parts.push('</g>');
  }
  parts.push('</svg>');
  return parts.join('\n');
}
