#!/usr/bin/env python3
"""Draw the road-sign images used by Banks/driving/driving.yaml.

Usage: python3 scripts/render_signs.py [OUTPUT_DIR]

OUTPUT_DIR defaults to Banks/driving/signs next to this script's repository root.
Only the standard library is used. Every sign is drawn from vector shapes onto a
supersampled canvas and box-filtered down, so edges are antialiased. The output is
deterministic: the same bytes on every run.

Shapes and colours follow the MUTCD conventions (octagon = stop, inverted triangle =
yield, diamond = warning, pentagon = school, circle = railroad advance, pennant = no
passing zone, red = stop/prohibition, yellow = warning, fluorescent yellow-green =
school). The lettering is a small stroke font defined below: only the capitals and
digits the signs need.
"""
import math
import os
import struct
import sys
import zlib

SIZE = 256          # output width and height in pixels
SS = 4              # supersampling factor per axis
N = SIZE * SS       # canvas size in subpixels

# Colours (RGBA).
RED = (191, 10, 48, 255)
WHITE = (255, 255, 255, 255)
BLACK = (17, 17, 17, 255)
YELLOW = (255, 200, 0, 255)
FYG = (196, 226, 28, 255)        # fluorescent yellow-green
EDGE = (150, 150, 150, 255)      # thin plate edge so white signs show on white pages


# ---------------------------------------------------------------------------
# Canvas and rasterizing


class Canvas:
    """An N x N RGBA canvas of opaque-or-transparent subpixels."""

    def __init__(self):
        self.buf = bytearray(N * N * 4)

    def fill(self, contours, color):
        """Fill one or more closed contours (output-pixel coordinates), even-odd rule."""
        if contours and isinstance(contours[0][0], (int, float)):
            contours = [contours]
        edges = []
        for pts in contours:
            n = len(pts)
            for i in range(n):
                x0, y0 = pts[i]
                x1, y1 = pts[(i + 1) % n]
                x0, y0, x1, y1 = x0 * SS, y0 * SS, x1 * SS, y1 * SS
                if y0 == y1:
                    continue
                if y0 > y1:
                    x0, y0, x1, y1 = x1, y1, x0, y0
                edges.append((y0, y1, x0, (x1 - x0) / (y1 - y0)))
        if not edges:
            return
        top = max(0, int(math.floor(min(e[0] for e in edges))))
        bottom = min(N - 1, int(math.ceil(max(e[1] for e in edges))))
        cb = bytes(color)
        buf = self.buf
        for row in range(top, bottom + 1):
            yc = row + 0.5
            xs = sorted(x0 + (yc - y0) * k for (y0, y1, x0, k) in edges if y0 <= yc < y1)
            base = row * N
            for i in range(0, len(xs) - 1, 2):
                a = max(0, int(math.ceil(xs[i] - 0.5)))
                b = min(N, int(math.ceil(xs[i + 1] - 0.5)))
                if b > a:
                    buf[(base + a) * 4:(base + b) * 4] = cb * (b - a)

    def downsample(self):
        """Box-filter to SIZE x SIZE; returns rows of RGBA bytes (straight alpha)."""
        rows = []
        stride = N * 4
        buf = self.buf
        full = 255 * SS * SS
        for y in range(SIZE):
            lines = [buf[(y * SS + j) * stride:(y * SS + j + 1) * stride] for j in range(SS)]
            sums = []
            for c in range(4):
                parts = [line[k * 4 + c::SS * 4] for line in lines for k in range(SS)]
                sums.append([sum(t) for t in zip(*parts)])
            r, g, b, a = sums
            out = bytearray(SIZE * 4)
            for x in range(SIZE):
                alpha = a[x]
                if alpha == 0:
                    continue
                # Subpixels are opaque or empty (0,0,0,0), so the channel sums are
                # premultiplied; divide by the covered count to get straight colour.
                out[x * 4] = (r[x] * 255 + alpha // 2) // alpha
                out[x * 4 + 1] = (g[x] * 255 + alpha // 2) // alpha
                out[x * 4 + 2] = (b[x] * 255 + alpha // 2) // alpha
                out[x * 4 + 3] = (alpha * 255 + full // 2) // full
            rows.append(bytes(out))
        return rows


def write_png(path, rows):
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = bytearray()
    prev = bytes(SIZE * 4)
    for row in rows:
        # Filter type 2 (Up): smaller files, same pixels.
        raw.append(2)
        raw.extend(bytes((row[i] - prev[i]) & 0xFF for i in range(len(row))))
        prev = row
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)


# ---------------------------------------------------------------------------
# Geometry helpers (output-pixel coordinates, y down)


def circle(cx, cy, r):
    n = max(24, int(r * SS * 0.6))
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def regular_polygon(cx, cy, r, n, start_deg):
    return [(cx + r * math.cos(math.radians(start_deg + 360.0 * i / n)),
             cy + r * math.sin(math.radians(start_deg + 360.0 * i / n))) for i in range(n)]


def _norm(x, y):
    d = math.hypot(x, y)
    return x / d, y / d


def signed_area(pts):
    return sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(len(pts))) / 2


def inset(pts, d):
    """Move every edge of a convex polygon inward by d."""
    if d == 0:
        return list(pts)
    sign = 1 if signed_area(pts) > 0 else -1
    lines = []
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        dx, dy = _norm(x1 - x0, y1 - y0)
        nx, ny = -dy * sign, dx * sign          # inward normal
        lines.append(((x0 + nx * d, y0 + ny * d), (dx, dy)))
    out = []
    for i in range(n):
        (p, u), (q, v) = lines[i - 1], lines[i]
        det = u[0] * v[1] - u[1] * v[0]
        t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / det
        out.append((p[0] + u[0] * t, p[1] + u[1] * t))
    return out


def rounded(pts, r):
    """Round every corner of a convex polygon with radius r."""
    out = []
    n = len(pts)
    for i in range(n):
        vx, vy = pts[i]
        ux, uy = _norm(pts[i - 1][0] - vx, pts[i - 1][1] - vy)
        wx, wy = _norm(pts[(i + 1) % n][0] - vx, pts[(i + 1) % n][1] - vy)
        theta = math.acos(max(-1.0, min(1.0, ux * wx + uy * wy)))
        t = r / math.tan(theta / 2)
        bx, by = _norm(ux + wx, uy + wy)
        dist = r / math.sin(theta / 2)
        cx, cy = vx + bx * dist, vy + by * dist
        a1 = math.atan2(vy + uy * t - cy, vx + ux * t - cx)
        a2 = math.atan2(vy + wy * t - cy, vx + wx * t - cx)
        da = (a2 - a1 + math.pi) % (2 * math.pi) - math.pi
        k = max(2, int(abs(da) * r * SS / 2) + 2)
        for j in range(k + 1):
            a = a1 + da * j / k
            out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def plate(pts, radius, d):
    """The sign outline `pts` with corner radius `radius`, inset by d."""
    return rounded(inset(pts, d), max(radius - d, 0.75))


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def arc(cx, cy, rx, ry, a0, a1, n=None):
    """Points along an ellipse arc; angles in degrees, counterclockwise as seen (y up)."""
    if n is None:
        n = max(6, int(abs(a1 - a0) / 6))
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy - ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def bezier(p0, p1, p2, n=32):
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])
            for t in (i / n for i in range(n + 1))]


def stroke(canvas, pts, width, color, caps=True, closed=False):
    """A thick polyline with round joins (and round caps unless caps=False)."""
    h = width / 2
    if closed:
        pts = list(pts) + [pts[0]]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if (x0, y0) == (x1, y1):
            continue
        dx, dy = _norm(x1 - x0, y1 - y0)
        nx, ny = -dy * h, dx * h
        canvas.fill([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], color)
    joints = pts[1:-1] if not caps else pts
    if closed:
        joints = pts
    for x, y in joints:
        canvas.fill(circle(x, y, h), color)


def arrowhead(tip, direction, length, half_width):
    """A triangle with its point at `tip`, pointing along `direction`."""
    dx, dy = _norm(*direction)
    bx, by = tip[0] - dx * length, tip[1] - dy * length
    return [tip, (bx - dy * half_width, by + dx * half_width), (bx + dy * half_width, by - dx * half_width)]


# ---------------------------------------------------------------------------
# Stroke font: cap height 10 units, y down; glyph = (advance width, [polylines])


def _o():
    return arc(3, 3, 3, 3, 0, 180) + arc(3, 7, 3, 3, 180, 360)


def _p():
    return [(0, 10), (0, 0), (3, 0)] + arc(3, 2.75, 3, 2.75, 90, -90)[1:] + [(0, 5.5)]


GLYPHS = {
    " ": (3.0, []),
    "A": (6.4, [[(0, 10), (3.2, 0), (6.4, 10)], [(1.15, 6.4), (5.25, 6.4)]]),
    "C": (6.0, [arc(3, 3, 3, 3, 28, 180) + arc(3, 7, 3, 3, 180, 332)]),
    "D": (6.0, [[(0, 0), (2.5, 0)] + arc(2.5, 3.5, 3.5, 3.5, 90, 0)[1:]
                + arc(2.5, 6.5, 3.5, 3.5, 0, -90) + [(0, 10), (0, 0)]]),
    "E": (5.4, [[(5.4, 0), (0, 0), (0, 10), (5.4, 10)], [(0, 5), (4.4, 5)]]),
    "G": (6.0, [arc(3, 3, 3, 3, 28, 180) + arc(3, 7, 3, 3, 180, 360) + [(6, 5.3), (3.6, 5.3)]]),
    "I": (0.0, [[(0, 0), (0, 10)]]),
    "L": (5.2, [[(0, 0), (0, 10), (5.2, 10)]]),
    "M": (7.4, [[(0, 10), (0, 0), (3.7, 7.5), (7.4, 0), (7.4, 10)]]),
    "N": (6.0, [[(0, 10), (0, 0), (6, 10), (6, 0)]]),
    "O": (6.0, [_o() + [_o()[0]]]),
    "P": (6.0, [_p()]),
    "R": (6.0, [_p(), [(3.0, 5.5), (6, 10)]]),
    "S": (6.0, [arc(3, 2.55, 3, 2.55, 25, 270)[:-1] + arc(3, 7.45, 3, 2.55, 90, -155)]),
    "T": (6.4, [[(0, 0), (6.4, 0)], [(3.2, 0), (3.2, 10)]]),
    "W": (8.6, [[(0, 0), (2.15, 10), (4.3, 1.5), (6.45, 10), (8.6, 0)]]),
    "Y": (6.4, [[(0, 0), (3.2, 5.2)], [(6.4, 0), (3.2, 5.2), (3.2, 10)]]),
    "Z": (6.0, [[(0, 0), (6, 0), (0, 10), (6, 10)]]),
    "5": (6.0, [[(5.6, 0), (0.7, 0), (0.4, 4.7)] + arc(3, 6.8, 3, 3.2, 146, -150)]),
}


def text_width(text, cap, gap):
    s = cap / 10.0
    widths = [GLYPHS[ch][0] * s for ch in text]
    return sum(widths) + gap * (len(text) - 1)


def draw_text(canvas, text, cx, cy, cap, weight, color, gap=None, angle=0.0):
    """Centre `text` on (cx, cy), cap height `cap` pixels, strokes `weight` wide.

    `gap` is the distance between glyph boxes (default: weight plus a fifth of the cap
    height); `angle` rotates the line clockwise, in degrees.
    """
    if gap is None:
        gap = weight + cap * 0.2
    s = cap / 10.0
    x = -text_width(text, cap, gap) / 2
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    for ch in text:
        adv, lines = GLYPHS[ch]
        for line in lines:
            pts = []
            for gx, gy in line:
                px, py = x + gx * s, (gy - 5) * s
                pts.append((cx + px * ca - py * sa, cy + px * sa + py * ca))
            stroke(canvas, pts, weight, color)
        x += adv * s + gap


# ---------------------------------------------------------------------------
# The signs


def sign_stop(c):
    octagon = regular_polygon(128, 128, 126, 8, 22.5)
    c.fill(plate(octagon, 8, 0), RED)
    c.fill(plate(octagon, 8, 3), WHITE)
    c.fill(plate(octagon, 8, 9), RED)
    draw_text(c, "STOP", 128, 128, 58, 12, WHITE, gap=14)


def sign_yield(c):
    tri = [(6, 24), (250, 24), (128, 24 + 244 * math.sqrt(3) / 2)]
    c.fill(plate(tri, 10, 0), RED)
    c.fill(plate(tri, 10, 27), WHITE)
    draw_text(c, "YIELD", 128, 76, 25, 5, RED, gap=6.5)


def sign_speed_limit(c):
    r = rect(36, 10, 220, 246)
    c.fill(plate(r, 12, 0), EDGE)
    c.fill(plate(r, 12, 1.2), WHITE)
    c.fill(plate(r, 12, 6), BLACK)
    c.fill(plate(r, 12, 10), WHITE)
    draw_text(c, "SPEED", 128, 52, 30, 6.5, BLACK)
    draw_text(c, "LIMIT", 128, 98, 30, 6.5, BLACK)
    draw_text(c, "55", 128, 176, 88, 15, BLACK, gap=20)


def sign_do_not_enter(c):
    sq = rect(8, 8, 248, 248)
    c.fill(plate(sq, 14, 0), EDGE)
    c.fill(plate(sq, 14, 1.2), WHITE)
    c.fill(circle(128, 128, 112), RED)
    c.fill(rounded(rect(38, 112, 218, 144), 3), WHITE)
    draw_text(c, "DO NOT", 128, 79, 28, 6.5, WHITE)
    draw_text(c, "ENTER", 128, 177, 28, 6.5, WHITE)


def sign_wrong_way(c):
    r = rect(6, 50, 250, 206)
    c.fill(plate(r, 12, 0), RED)
    c.fill(plate(r, 12, 4), WHITE)
    c.fill(plate(r, 12, 9), RED)
    draw_text(c, "WRONG", 128, 98, 44, 9.5, WHITE, gap=12.5)
    draw_text(c, "WAY", 128, 161, 44, 9.5, WHITE, gap=12.5)


def sign_one_way(c):
    r = rect(4, 84, 252, 172)
    c.fill(plate(r, 8, 0), BLACK)
    c.fill(plate(r, 8, 3), WHITE)
    c.fill(plate(r, 8, 6), BLACK)
    shaft_top, shaft_bottom = 106, 150
    c.fill([(18, shaft_top), (186, shaft_top), (186, 94), (240, 128), (186, 162),
            (186, shaft_bottom), (18, shaft_bottom)], WHITE)
    draw_text(c, "ONE WAY", 102, 128, 26, 5.2, BLACK, gap=7.5)


def sign_railroad_crossbuck(c):
    length, width = 290, 52

    def blade(angle, words):
        ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))

        def place(pts):
            return [(128 + x * ca - y * sa, 128 + x * sa + y * ca) for x, y in pts]

        body = rect(-length / 2, -width / 2, length / 2, width / 2)
        c.fill(place(plate(body, 7, 0)), EDGE)
        c.fill(place(plate(body, 7, 1.2)), WHITE)
        c.fill(place(plate(body, 7, 4)), BLACK)
        c.fill(place(plate(body, 7, 7.5)), WHITE)
        offset = width / 2 + (length / 2 - width / 2) / 2
        for word, sx in zip(words, (-offset, offset)):
            x, y = place([(sx, 0)])[0]
            draw_text(c, word, x, y, 23, 4.6, BLACK, gap=5.6, angle=angle)

    blade(-45, ("CROS", "SING"))
    blade(45, ("RAIL", "ROAD"))


def sign_railroad_advance(c):
    c.fill(circle(128, 128, 125), YELLOW)
    c.fill(circle(128, 128, 119), BLACK)
    c.fill(circle(128, 128, 113), YELLOW)
    k = 113 / math.sqrt(2) - 1
    stroke(c, [(128 - k, 128 - k), (128 + k, 128 + k)], 17, BLACK, caps=False)
    stroke(c, [(128 - k, 128 + k), (128 + k, 128 - k)], 17, BLACK, caps=False)
    draw_text(c, "R", 62, 128, 48, 10, BLACK)
    draw_text(c, "R", 194, 128, 48, 10, BLACK)


def warning_diamond(c, color=YELLOW):
    diamond = [(128, 4), (252, 128), (128, 252), (4, 128)]
    c.fill(plate(diamond, 16, 0), color)
    c.fill(plate(diamond, 16, 5), BLACK)
    c.fill(plate(diamond, 16, 10), color)


def sign_curve_right(c):
    warning_diamond(c)
    # Up from the bottom, bending to the right.
    path = [(104, 196), (104, 150)] + arc(176, 150, 72, 72, 180, 128)[1:]
    stroke(c, path, 20, BLACK, caps=False)
    end, before = path[-1], path[-2]
    direction = (end[0] - before[0], end[1] - before[1])
    dx, dy = _norm(*direction)
    tip = (end[0] + dx * 34, end[1] + dy * 34)
    c.fill(arrowhead(tip, direction, 40, 27), BLACK)


def sign_merge(c):
    warning_diamond(c)
    # Through road: a straight arrow up; entering road: a curve from the lower right.
    stroke(c, bezier((170, 196), (170, 142), (122, 114)), 14, BLACK, caps=False)
    stroke(c, [(118, 208), (118, 92)], 20, BLACK, caps=False)
    c.fill(arrowhead((118, 46), (0, -1), 48, 28), BLACK)


def _figure(c, x, y, s, walking_left=False):
    """A walking person; (x, y) is the centre of the hips, s the scale."""
    f = -1 if walking_left else 1

    def P(dx, dy):
        return (x + f * dx * s, y + dy * s)

    c.fill(circle(*P(8, -62), 12 * s), BLACK)                                         # head
    stroke(c, [P(6, -44), P(0, 0)], 21 * s, BLACK)                                     # torso
    stroke(c, [P(0, 0), P(14, 24), P(18, 50)], 11 * s, BLACK)                          # front leg
    stroke(c, [P(-2, 0), P(-14, 24), P(-30, 44)], 11 * s, BLACK)                       # back leg
    c.fill([P(18, 50), P(30, 52), P(30, 56), P(16, 56)], BLACK)                        # front foot
    stroke(c, [P(6, -38), P(20, -18), P(30, -8)], 8.5 * s, BLACK)                      # front arm
    stroke(c, [P(4, -38), P(-10, -18), P(-18, -4)], 8.5 * s, BLACK)                    # back arm


def sign_pedestrian_crossing(c):
    warning_diamond(c, FYG)
    _figure(c, 124, 136, 1.15)


def sign_school_zone(c):
    pentagon = [(128, 8), (240, 100), (240, 244), (16, 244), (16, 100)]
    c.fill(plate(pentagon, 14, 0), FYG)
    c.fill(plate(pentagon, 14, 5), BLACK)
    c.fill(plate(pentagon, 14, 10), FYG)
    _figure(c, 96, 154, 1.0)
    _figure(c, 162, 166, 0.8)


def prohibition(c, symbol):
    sq = rect(8, 8, 248, 248)
    c.fill(plate(sq, 14, 0), EDGE)
    c.fill(plate(sq, 14, 1.2), WHITE)
    symbol(c)
    ring_outer, ring_inner = 110, 94
    c.fill([circle(128, 128, ring_outer), circle(128, 128, ring_inner)], RED)
    d = (ring_inner + 4) / math.sqrt(2)
    stroke(c, [(128 - d, 128 - d), (128 + d, 128 + d)], 17, RED, caps=False)


def _u_turn(c):
    path = [(150, 196), (150, 122)] + arc(118, 122, 32, 32, 0, 180)[1:] + [(86, 142)]
    stroke(c, path, 20, BLACK, caps=False)
    c.fill(arrowhead((86, 184), (0, 1), 44, 27), BLACK)


def _left_turn(c):
    path = [(150, 200), (150, 136)] + arc(118, 136, 32, 32, 0, 90)[1:] + [(100, 104)]
    stroke(c, path, 20, BLACK, caps=False)
    c.fill(arrowhead((54, 104), (-1, 0), 48, 28), BLACK)


def sign_no_u_turn(c):
    prohibition(c, _u_turn)


def sign_no_left_turn(c):
    prohibition(c, _left_turn)


def sign_no_passing_zone(c):
    pennant = [(6, 40), (252, 128), (6, 216)]
    c.fill(plate(pennant, 10, 0), YELLOW)
    c.fill(plate(pennant, 10, 5), BLACK)
    c.fill(plate(pennant, 10, 10), YELLOW)
    draw_text(c, "NO", 80, 103, 19, 4.4, BLACK, gap=5)
    draw_text(c, "PASSING", 80, 128, 19, 4.4, BLACK, gap=5)
    draw_text(c, "ZONE", 80, 153, 19, 4.4, BLACK, gap=5)


SIGNS = {
    "stop.png": sign_stop,
    "yield.png": sign_yield,
    "speed-limit-55.png": sign_speed_limit,
    "do-not-enter.png": sign_do_not_enter,
    "wrong-way.png": sign_wrong_way,
    "one-way.png": sign_one_way,
    "railroad-crossbuck.png": sign_railroad_crossbuck,
    "railroad-advance.png": sign_railroad_advance,
    "curve-right.png": sign_curve_right,
    "merge.png": sign_merge,
    "pedestrian-crossing.png": sign_pedestrian_crossing,
    "school-zone.png": sign_school_zone,
    "no-u-turn.png": sign_no_u_turn,
    "no-left-turn.png": sign_no_left_turn,
    "no-passing-zone.png": sign_no_passing_zone,
}


def main(argv):
    if len(argv) > 2:
        sys.exit("usage: render_signs.py [OUTPUT_DIR]")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out_dir = argv[1] if len(argv) == 2 else os.path.join(root, "Banks", "driving", "signs")
    os.makedirs(out_dir, exist_ok=True)
    for name in sorted(SIGNS):
        canvas = Canvas()
        SIGNS[name](canvas)
        write_png(os.path.join(out_dir, name), canvas.downsample())
        print(os.path.join(out_dir, name))


if __name__ == "__main__":
    main(sys.argv)
