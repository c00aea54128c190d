/**
 * Where a diagram's lines cross its words (issue 36): Graphviz lays out a diagram and says,
 * in its JSON output (xdot drawing operations), where every text is written and every line
 * drawn: edges' splines and arrowheads, nodes' and clusters' borders. A text's box is its
 * width by its font size; a line that passes through a box crosses that text.
 */

type Point = [number, number];
interface DrawOp {
  op: string;
  points?: Point[];
  rect?: [number, number, number, number];
  pt?: Point;
  align?: 'l' | 'c' | 'r';
  width?: number;
  text?: string;
  size?: number;
  color?: string;
}
interface GraphObject {
  name?: string;
  label?: string;
  tail?: number;
  head?: number;
  _draw_?: DrawOp[];
  _ldraw_?: DrawOp[];
  _hdraw_?: DrawOp[];
  _tdraw_?: DrawOp[];
  _hldraw_?: DrawOp[];
  _tldraw_?: DrawOp[];
}
/** The part of `viz.renderString(dot, { format: 'json' })` this reads. */
export interface GraphJson extends GraphObject {
  /** `x0,y0,x1,y1`, in points. */
  bb?: string;
  objects?: GraphObject[];
  edges?: GraphObject[];
}

interface Box {
  text: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
  size: number;
}
type Segment = [Point, Point];

/** A cubic Bézier spline's points (every three after the first), sampled as short segments. */
function bezier(points: Point[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i + 3 < points.length; i += 3) {
    const [p0, p1, p2, p3] = [points[i]!, points[i + 1]!, points[i + 2]!, points[i + 3]!];
    let prev = p0;
    for (let s = 1; s <= 16; s++) {
      const t = s / 16;
      const u = 1 - t;
      const at = (k: 0 | 1) => u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k];
      const next: Point = [at(0), at(1)];
      out.push([prev, next]);
      prev = next;
    }
  }
  return out;
}

const polyline = (points: Point[], closed: boolean): Segment[] => {
  const out: Segment[] = points.slice(1).map((p, i) => [points[i]!, p]);
  if (closed && points.length > 2) out.push([points[points.length - 1]!, points[0]!]);
  return out;
};

function ellipse([cx, cy, rx, ry]: [number, number, number, number]): Segment[] {
  const pts: Point[] = Array.from({ length: 24 }, (_, i) => [
    cx + rx * Math.cos((i / 24) * 2 * Math.PI),
    cy + ry * Math.sin((i / 24) * 2 * Math.PI),
  ]);
  return polyline(pts, true);
}

/** The lines and the texts of a list of drawing operations. */
function draw(ops: DrawOp[] | undefined, lines: Segment[], texts: Box[]): void {
  let size = 14;
  let visible = true;
  for (const o of ops ?? []) {
    if (o.op === 'F') size = o.size ?? size;
    // A pen of no colour, or a transparent one (`#rrggbb00`), draws nothing.
    else if (o.op === 'c') visible = !!o.color && o.color !== 'none' && !/^#[0-9a-f]{6}00$/i.test(o.color);
    else if (!visible && o.op !== 'T') continue;
    else if ((o.op === 'b' || o.op === 'B') && o.points) lines.push(...bezier(o.points));
    else if ((o.op === 'p' || o.op === 'P') && o.points) lines.push(...polyline(o.points, true));
    else if (o.op === 'L' && o.points) lines.push(...polyline(o.points, false));
    else if ((o.op === 'e' || o.op === 'E') && o.rect) lines.push(...ellipse(o.rect));
    else if (o.op === 'T' && o.pt && o.text?.trim() && !/^─+$/.test(o.text)) {
      const w = o.width ?? 0;
      const left = o.align === 'l' ? o.pt[0] : o.align === 'r' ? o.pt[0] - w : o.pt[0] - w / 2;
      // Graphviz's y grows upwards; the baseline is pt[1]: capitals rise about 0.7 of the size.
      texts.push({
        text: o.text,
        left,
        right: left + w,
        bottom: o.pt[1] - size * 0.2,
        top: o.pt[1] + size * 0.7,
        size,
      });
    }
  }
}

/** Whether a segment passes through a box (Liang-Barsky clipping). */
function crosses([a, b]: Segment, box: Box): boolean {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  let [t0, t1] = [0, 1];
  const edges: [number, number][] = [
    [-dx, a[0] - box.left],
    [dx, box.right - a[0]],
    [-dy, a[1] - box.bottom],
    [dy, box.top - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** Every text of a laid-out diagram that a line or a border crosses, as `"text" crossed by <what>`. */
export function labelCrossings(graph: GraphJson): string[] {
  const owners = [graph, ...(graph.objects ?? []), ...(graph.edges ?? [])];
  const nameOf = (o: GraphObject) =>
    o.tail !== undefined
      ? `the arrow ${graph.objects?.[o.tail]?.name} -> ${graph.objects?.[o.head!]?.name}`
      : o === graph
        ? 'the frame'
        : `the border of ${o.name}`;
  const lines: { by: string; segment: Segment }[] = [];
  const texts: Box[] = [];
  for (const o of owners) {
    const mine: Segment[] = [];
    // The graph's own background is the canvas, not a border.
    if (o !== graph) for (const ops of [o._draw_, o._hdraw_, o._tdraw_]) draw(ops, mine, texts);
    for (const ops of [o._ldraw_, o._hldraw_, o._tldraw_]) draw(ops, [], texts);
    lines.push(...mine.map((segment) => ({ by: nameOf(o), segment })));
  }
  const found = new Set<string>();
  for (const box of texts) {
    // Half a point of slack: a line may touch a text's box where Graphviz rounds its numbers.
    const inner = {
      ...box,
      left: box.left + 0.5,
      right: box.right - 0.5,
      bottom: box.bottom + 0.5,
      top: box.top - 0.5,
    };
    for (const { by, segment } of lines) if (crosses(segment, inner)) found.add(`"${box.text}" crossed by ${by}`);
  }
  return [...found];
}

/** The smallest font size of any text of a laid-out diagram, in points. */
export function smallestText(graph: GraphJson): number {
  const texts: Box[] = [];
  for (const o of [graph, ...(graph.objects ?? []), ...(graph.edges ?? [])])
    for (const ops of [o._ldraw_, o._hldraw_, o._tldraw_, o._draw_]) draw(ops, [], texts);
  return Math.min(...texts.map((t) => t.size));
}
