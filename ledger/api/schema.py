"""How the API's views describe themselves in the OpenAPI document."""
import inspect

from drf_spectacular.openapi import AutoSchema
from rest_framework.permissions import SAFE_METHODS


class LedgerAutoSchema(AutoSchema):
    def get_auth(self):
        """Reads are public: a GET needs no credentials."""
        auths = super().get_auth()
        if self.method in SAFE_METHODS and {} not in auths:
            auths.append({})
        return auths

    def get_description(self):
        """The view's own docstring, not one inherited from a base class."""
        action_or_method = getattr(self.view, getattr(self.view, "action", self.method.lower()), None)
        doc = inspect.getdoc(action_or_method) if action_or_method is not None else None
        return doc or inspect.cleandoc(type(self.view).__dict__.get("__doc__") or "")
