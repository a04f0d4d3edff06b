"""Plotly figures as dicts, built with plotly.graph_objects. A page holds a div whose
data-src is the figure's JSON URL; static/viewer/charts.js draws it."""
from collections import defaultdict
from datetime import timedelta

import plotly.graph_objects as go

from ledger.models import StanceRecord
from ledger.record_roles import CONFIRMED_ROLES, ROLE_LABELS, record_roles

from .pages.parts import figure, position_label

COLOURS = {"affirm": "#1f6fb2", "deny": "#c2410c", "partial": "#a16207"}
SYMBOLS = {"affirm": "circle", "deny": "square", "partial": "diamond"}
SIDE_COLOURS = ["#1f6fb2", "#c2410c", "#047857", "#7c3aed", "#a16207", "#be185d", "#475569", "#0e7490"]
ACTOR_SYMBOLS = ["circle", "square", "diamond", "triangle-up", "cross", "star", "hexagon", "triangle-down"]
FONT = dict(family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", size=13, color="#1f2937")
ROW = 34


def _x_range(story, as_of, points) -> tuple:
    """From a week before the first record to a few days past the chosen day: the story
    so far, readable; the reader can still zoom out."""
    first = min((p["reported_on"] for p in points), default=as_of)
    return max(story.start, first - timedelta(days=7)), as_of + timedelta(days=4)


def _legend_below(height: int, **extra) -> dict:
    return dict(orientation="h", yanchor="top", y=-min(0.6, 42 / max(height - 90, 60)), xanchor="left", x=0, **extra)


def _layout(height: int, *, as_of, start, end, **extra) -> dict:
    layout = dict(
        height=height, margin=dict(l=10, r=10, t=24, b=10), font=FONT, plot_bgcolor="#ffffff",
        paper_bgcolor="#ffffff", hovermode="closest",
        # The legend goes under the plot (above it, it covered the plot on a phone), about 40 px
        # under the plot's bottom edge, clear of the date labels, whatever the chart's height.
        legend=_legend_below(height),
        xaxis=dict(type="date", range=[start.isoformat(), end.isoformat()], gridcolor="#e5e7eb",
                   showline=True, linecolor="#9ca3af"),
        shapes=[dict(type="line", xref="x", yref="paper", x0=as_of.isoformat(), x1=as_of.isoformat(), y0=0, y1=1,
                     line=dict(color="#111827", width=2, dash="dot"))],
        annotations=[dict(x=as_of.isoformat(), y=1, xref="x", yref="paper", text=f"as of {as_of:%-d %b %Y}",
                          showarrow=False, xanchor="right", yanchor="bottom", font=dict(size=11, color="#111827"))],
    )
    layout.update(extra)
    return layout


class _Actor:
    """What a chart needs of an actor's answer: the actor and its stance."""

    def __init__(self, actor, stance):
        self.actor, self.stance = actor, stance


def timeline_figure(*, story, question, as_of, confirm) -> dict:
    """Actors down the side, days across: each record a marker coloured by its position,
    filled when it is part of a confirmed position (it set it, brought it, confirmed it or
    repeats it), hollow while it is a pending change, a cross when the rule did not count it;
    each confirmed position a band; each flip a bar; a dotted line at the chosen day. For a
    number question: each actor's figures over time, coloured by side. Every record's role
    comes from the rule (`ledger.record_roles`), the same fold as the positions."""
    from ledger.selectors import story_cast

    roled = record_roles(story=story, questions=[question], as_of=as_of, confirm=confirm)
    cast = story_cast(story)
    stances = {aid: _Actor(cast.actors_by_id[aid], stance) for (_, aid), stance in roled.stances.items()
               if aid in cast.actors_by_id}
    points = [p for p in roled.records if p["actor_id"] in stances]
    if question.is_number:
        return _number_figure(story, question, as_of, stances, points)
    actors = sorted(stances.values(), key=lambda a: ((a.actor.side or "~").lower(), a.actor.name.lower()))
    names = {a.actor.id: a.actor.name for a in actors}
    fig = go.Figure()
    # Confirmed positions as bands, one trace per position (None breaks the line).
    bands = defaultdict(lambda: ([], []))
    for a in actors:
        for p in (*a.stance.history[::-1], a.stance.current):
            xs, ys = bands[p.position]
            xs += [p.since.isoformat(), (p.to or as_of).isoformat(), None]
            ys += [a.actor.name, a.actor.name, None]
    for position in StanceRecord.STANCES:
        if position in bands:
            xs, ys = bands[position]
            fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=COLOURS[position], width=10),
                                     opacity=0.25, hoverinfo="skip", showlegend=False, legendgroup=position))
    # Records by position and by what the rule made of them.
    groups = defaultdict(lambda: {"x": [], "y": [], "text": []})
    for pt in points:
        kind = "confirmed" if pt["role"] in CONFIRMED_ROLES else ("pending" if pt["role"] == "pending" else "ignored")
        g = groups[(pt["position"], kind)]
        g["x"].append(pt["reported_on"].isoformat())
        g["y"].append(names[pt["actor_id"]])
        g["text"].append(f"#{pt['id']} {position_label(pt['position'])}: {ROLE_LABELS[pt['role']]}"
                         f" · {pt['outlet__name'] or 'no outlet'}")
    for position in StanceRecord.STANCES:
        for kind in ("confirmed", "pending", "ignored"):
            g = groups.get((position, kind))
            if not g:
                continue
            symbol = {"confirmed": SYMBOLS[position], "pending": SYMBOLS[position] + "-open", "ignored": "x-thin-open"}[kind]
            name = position_label(position) + {"confirmed": "", "pending": " (pending)", "ignored": " (not counted)"}[kind]
            fig.add_trace(go.Scatter(
                x=g["x"], y=g["y"], mode="markers", text=g["text"], hovertemplate="%{x|%-d %b %Y}: %{text}<extra></extra>",
                name=name, legendgroup=position,
                marker=dict(color=COLOURS[position], symbol=symbol, size=11 if kind != "ignored" else 9,
                            line=dict(width=1 if kind == "confirmed" else 2,
                                      color="#ffffff" if kind == "confirmed" else COLOURS[position])),
            ))
    flips = {"x": [], "y": [], "text": []}
    for a in actors:
        for c in a.stance.changes:
            flips["x"].append(c.date.isoformat())
            flips["y"].append(a.actor.name)
            flips["text"].append(f"Flip {position_label(c.from_position)} → {position_label(c.to_position)}, "
                                 f"confirmed {c.confirmed_on:%-d %b %Y}")
    if flips["x"]:
        fig.add_trace(go.Scatter(x=flips["x"], y=flips["y"], mode="markers", name="Flip", text=flips["text"],
                                 hovertemplate="%{x|%-d %b %Y}: %{text}<extra></extra>",
                                 marker=dict(symbol="line-ns-open", size=26, color="#111827", line=dict(width=3, color="#111827"))))
    height = 150 + ROW * max(len(actors), 1)
    start, end = _x_range(story, as_of, points)
    fig.update_layout(**_layout(height, as_of=as_of, start=start, end=end,
                                yaxis=dict(type="category", autorange="reversed", automargin=True,
                                           categoryorder="array", categoryarray=[a.actor.name for a in actors],
                                           gridcolor="#f3f4f6", tickfont=dict(size=12))))
    return fig.to_plotly_json()


def _number_figure(story, question, as_of, stances, points) -> dict:
    actors = sorted(stances.values(), key=lambda a: ((a.actor.side or "~").lower(), a.actor.name.lower()))
    sides = sorted({a.actor.side or "no side" for a in actors})
    colour = {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(sides)}
    by_actor = defaultdict(list)
    for pt in points:
        by_actor[pt["actor_id"]].append(pt)
    fig = go.Figure()
    seen_in_side = defaultdict(int)
    for a in actors:
        side = a.actor.side or "no side"
        shape = ACTOR_SYMBOLS[seen_in_side[side] % len(ACTOR_SYMBOLS)]  # actors of one side differ by shape
        seen_in_side[side] += 1
        pts = by_actor[a.actor.id]
        fig.add_trace(go.Scatter(
            x=[p["reported_on"].isoformat() for p in pts], y=[p["value"] for p in pts], mode="lines+markers",
            name=a.actor.name, legendgroup=side, legendgrouptitle=dict(text=side),
            text=[f"#{p['id']} {figure(p['value'], question.unit)}: {ROLE_LABELS[p['role']]}" for p in pts],
            hovertemplate=f"{a.actor.name}, " + "%{x|%-d %b %Y}: %{text}<extra></extra>",
            line=dict(color=colour[side], width=1.5, shape="hv"),
            marker=dict(size=10, color=colour[side],
                        symbol=[shape if p["role"] in CONFIRMED_ROLES else f"{shape}-open" for p in pts],
                        line=dict(width=2, color=colour[side])),
        ))
    start, end = _x_range(story, as_of, points)
    fig.update_layout(**_layout(460, as_of=as_of, start=start, end=end,
                                yaxis=dict(title=dict(text=question.unit or "figure"), rangemode="tozero",
                                           gridcolor="#e5e7eb", tickformat="~s", automargin=True),
                                legend=_legend_below(460, groupclick="toggleitem")))
    return fig.to_plotly_json()


def retention_figure(*, story, retention: list[dict]) -> dict:
    """The share of key statements the ledger holds, every 14 days."""
    fig = go.Figure(go.Scatter(
        x=[p["date"].isoformat() for p in retention], y=[p["share"] for p in retention], mode="lines+markers",
        name="held", line=dict(color=COLOURS["affirm"], width=2), marker=dict(size=8),
        text=[f"{p['held']} of {p['statements']} key statements" for p in retention],
        hovertemplate="%{x|%-d %b %Y}: %{y:.0%} (%{text})<extra></extra>",
    ))
    layout = _layout(340, as_of=story.end, start=story.start, end=story.end,
                     yaxis=dict(range=[0, 1.05], tickformat=".0%", gridcolor="#e5e7eb", title=dict(text="held")))
    layout["shapes"], layout["annotations"] = [], []
    fig.update_layout(**layout)
    return fig.to_plotly_json()
