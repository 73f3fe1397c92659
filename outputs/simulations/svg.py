"""Charts as self-contained SVG: no script, no external font, style or image, text in the generic
sans-serif family. Every chart carries its own caveat line, so that a chart shown alone still says
that it comes from random play."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

WIDTH = 720
FONT = 'font-family="sans-serif"'
INK, MUTED, BAR, BAR_LIGHT, GRID = "#222", "#666", "#3f6fb5", "#9fbbe0", "#ddd"


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    extra: float = 0.0
    """A lighter part stacked on the value (shared wins on top of outright ones)."""
    shown: str = ""
    """The value as printed beside the bar."""


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", colour: str = INK,
          weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" {FONT} font-size="{size}" text-anchor="{anchor}" fill="{colour}"'
            f' font-weight="{weight}">{escape(text)}</text>')


def _frame(title: str, caveat: str, height: float, body: list[str]) -> str:
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {WIDTH} {height:.0f}" role="img">',
            f"<title>{escape(title)}</title>", f"<desc>{escape(caveat)}</desc>",
            f'<rect width="{WIDTH}" height="{height:.0f}" fill="#fff"/>',
            _text(12, 22, title, 15, weight="bold")]
    return "\n".join([*head, *body, _text(12, height - 10, caveat, 11, colour=MUTED), "</svg>"]) + "\n"


def _axis(value: float) -> tuple[float, int]:
    """A round step for the value axis (1, 2, 2.5 or 5 times a power of ten) and how many steps reach ``value``."""
    if value <= 0:
        return 1.0, 4
    raw = value / 4
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(power * f for f in (1, 2, 2.5, 5, 10) if power * f >= raw)
    return step, max(1, math.ceil(value / step - 1e-9))


def columns(title: str, bars: Sequence[Bar], caveat: str, axis: str, reference: float | None = None,
            reference_label: str = "", label_every: int = 1) -> str:
    """Vertical bars left to right (seats, or a histogram's values); ``reference`` draws a dashed line
    (the even share of wins); ``label_every`` thins the labels under many bars."""
    left, top, plot_h = 56, 60, 220
    plot_w = WIDTH - left - 16
    height = top + plot_h + 48
    step, steps = _axis(max([b.value + b.extra for b in bars] + [reference or 0]))
    high = step * steps
    body = [_text(12, 38, axis, 11, colour=MUTED)]
    for i in range(steps + 1):
        y = top + plot_h - plot_h * i / steps
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="{GRID}"/>')
        body.append(_text(left - 6, y + 4, f"{round(step * i, 6):g}", 11, "end", MUTED))
    slot = plot_w / max(len(bars), 1)
    width = max(slot * 0.8, 1)
    for i, bar in enumerate(bars):
        x = left + i * slot + (slot - width) / 2
        h = plot_h * bar.value / high
        hx = plot_h * bar.extra / high
        body.append(f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{width:.1f}" height="{h:.1f}" fill="{BAR}"/>')
        if bar.extra:
            body.append(f'<rect x="{x:.1f}" y="{top + plot_h - h - hx:.1f}" width="{width:.1f}" height="{hx:.1f}" '
                        f'fill="{BAR_LIGHT}"/>')
        if bar.shown:
            body.append(_text(x + width / 2, top + plot_h - h - hx - 4, bar.shown, 11, "middle"))
        if i % label_every == 0:
            body.append(_text(x + width / 2, top + plot_h + 16, bar.label, 11, "middle"))
    if reference is not None:
        y = top + plot_h - plot_h * reference / high
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="{INK}" '
                    f'stroke-dasharray="6 4"/>')
        body.append(f'<line x1="{left + plot_w - 150}" y1="34" x2="{left + plot_w - 120}" y2="34" stroke="{INK}" '
                    f'stroke-dasharray="6 4"/>')
        body.append(_text(left + plot_w - 114, 38, reference_label, 11))
    return _frame(title, caveat, height, body)


def rows(title: str, bars: Sequence[Bar], caveat: str, axis: str) -> str:
    """Horizontal bars top to bottom, labelled on the left (actions, pieces, rules)."""
    label_w, top, row_h = 250, 48, 20
    plot_w = WIDTH - label_w - 70
    height = top + row_h * len(bars) + 32
    high = max([b.value for b in bars] + [0]) or 1
    body = [_text(12, 38, axis, 11, colour=MUTED)]
    for i, bar in enumerate(bars):
        y = top + i * row_h
        label = bar.label if len(bar.label) <= 38 else bar.label[:37] + "…"
        body.append(_text(label_w - 8, y + 14, label, 12, "end"))
        w = plot_w * bar.value / high
        body.append(f'<rect x="{label_w}" y="{y + 3:.1f}" width="{max(w, 1):.1f}" height="{row_h - 6}" fill="{BAR}"/>')
        body.append(_text(label_w + w + 6, y + 14, bar.shown or f"{bar.value:g}", 11))
    return _frame(title, caveat, height, body)
