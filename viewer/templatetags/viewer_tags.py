from django import template

register = template.Library()


@register.filter
def percent(value):
    """A share (0..1) as a whole percentage; "—" when there is nothing to share."""
    if value is None or value == "":
        return "—"
    return f"{float(value) * 100:.0f}%"
