"""REST API v1 (contract, section 6). Each view checks its input, calls one selector or
service of the ledger, and serializes the answer; errors take the one shape of
ledger.api.errors."""
import csv
import json

from django.http import Http404, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import status
from rest_framework.exceptions import MethodNotAllowed, ValidationError
from rest_framework.generics import GenericAPIView
from rest_framework.metadata import SimpleMetadata
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from ledger import requests, selectors, services
from ledger.errors import NotFound
from ledger.models import StanceRecord, Story
from ledger.plumbing import story_cast
from ledger.record_lines import records_export

from . import serializers as s
from .filters import RecordFilter
from .pagination import LedgerPagination
from .renderers import LedgerJSONRenderer
from .permissions import CanAppendRecords, CanRetract, ReadOnly
from .schema import LedgerAutoSchema

ERROR_TEXT = {
    400: "a bad parameter or body: `param` names it",
    401: "not signed in (session or `Authorization: Token ...`)",
    403: "signed in without the permission",
    404: "an unknown story, question, topic, actor, outlet, record or flip",
    409: "already in the ledger: the record is retracted",
    413: "the body is larger than the API's limit",
    414: "the URL is longer than the API's limit",
    415: "the body is not JSON (Content-Type: application/json)",
    429: "too many requests (Retry-After says when to try again)",
}


def errors(*codes: int) -> dict:
    """The documented error answers of an operation: the one error shape."""
    return {code: OpenApiResponse(s.ErrorSerializer, description=ERROR_TEXT[code]) for code in (*codes, 414, 429)}


class BriefMetadata(SimpleMetadata):
    """OPTIONS names the view, its formats and its methods (in Allow); the request bodies are
    in the OpenAPI document, not guessed here."""

    def determine_actions(self, request, view):
        return {}


class LedgerBehaviour:
    """What every view of the API does: PUT, PATCH and DELETE (any method a view lacks)
    answer 405 before authentication is even asked for, since the ledger is append-only from
    the outside too; and an error is always the one JSON shape, whatever format was asked."""

    metadata_class = BriefMetadata

    def initial(self, request, *args, **kwargs):
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            raise MethodNotAllowed(request.method)
        super().initial(request, *args, **kwargs)

    def perform_content_negotiation(self, request, force=False):
        try:
            return super().perform_content_negotiation(request, force)
        except Http404:  # `?format=` names no renderer of this view
            asked = request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
            known = ", ".join(renderer.format for renderer in self.get_renderers())
            raise NotFound(f"unknown format {asked!r}: use one of {known}", param="format") from None

    def handle_exception(self, exc):
        response = super().handle_exception(exc)
        self.request.accepted_renderer, self.request.accepted_media_type = LedgerJSONRenderer(), "application/json"
        return response

    def options(self, request, *args, **kwargs):
        response = super().options(request, *args, **kwargs)
        request.accepted_renderer, request.accepted_media_type = LedgerJSONRenderer(), "application/json"
        return response


class LedgerView(LedgerBehaviour, APIView):
    # Read-only unless a view says otherwise. (A comment: a docstring would land in the schema.)
    permission_classes = [ReadOnly]
    schema = LedgerAutoSchema()


class SchemaView(LedgerBehaviour, SpectacularAPIView):
    pass


class DocsView(LedgerBehaviour, SpectacularSwaggerSplitView):
    pass


def query(serializer_class, request, story):
    serializer = serializer_class(data=request.query_params, context={"story": story})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class Paginated(LedgerView, GenericAPIView):
    pagination_class = LedgerPagination

    def paginated(self, items, serializer_class):
        page = self.paginate_queryset(items)
        data = serializer_class(page, many=True, context={"request": self.request}).data
        return self.get_paginated_response(data)


# --- stories ------------------------------------------------------------------------------


class StoryListView(Paginated):
    queryset = Story.objects.none()  # for the schema; answers come from selectors

    @extend_schema(operation_id="stories_list", summary="The stories",
                   responses={200: s.StorySerializer(many=True), **errors(400)})
    def get(self, request):
        return self.paginated(selectors.stories_list(), s.StorySerializer)


class StoryDetailView(LedgerView):
    @extend_schema(operation_id="story_detail", summary="A story's topics, questions, actors and outlets",
                   responses={200: s.StoryDetailSerializer, **errors(404)})
    def get(self, request, slug):
        story = selectors.story_get(slug)
        return Response(s.StoryDetailSerializer(story, context={"request": request}).data)


class PositionsView(LedgerView):
    @extend_schema(
        operation_id="positions", summary="Each actor's position on each question as of a day",
        parameters=[s.PositionsQuerySerializer],
        responses={200: s.PositionsSerializer, **errors(400, 404)},
    )
    def get(self, request, slug):
        story, mark = selectors.story_marked(slug)
        asked = query(s.PositionsQuerySerializer, request, story)
        # positions_dict() is already the documented shape (PositionsSerializer, for the
        # schema); running it through the serializer again cost a fifth of the answer's time.
        return Response(requests.positions_dict(requests.positions_answer(asked, mark=mark), asked.notices))


class FlipListView(Paginated):
    queryset = Story.objects.none()  # for the schema; answers come from selectors

    @extend_schema(operation_id="flips_list", summary="The flips (confirmed changes) up to a day",
                   parameters=[s.FlipsQuerySerializer],
                   responses={200: s.FlipSerializer(many=True), **errors(400, 404)})
    def get(self, request, slug):
        story = selectors.story_get(slug)
        asked = query(s.FlipsQuerySerializer, request, story)
        found = selectors.flips(story=story, as_of=asked.as_of, confirm=asked.confirm, questions=asked.questions,
                                actor=asked.actor)
        return self.paginated([flip_dict(q, a, c) for q, a, c in found], s.FlipSerializer)


def flip_dict(question, actor, change, **more) -> dict:
    return {"actor": actor.key, "question": question.key, **change.as_dict(), **more}


class FlipDetailView(LedgerView):
    @extend_schema(operation_id="flip_detail", summary="One flip with its records, excerpts, URLs and outlets",
                   responses={200: s.FlipDetailSerializer, **errors(404)})
    def get(self, request, slug, flip_id):
        story = selectors.story_get(slug)
        flip = selectors.flip_get(story=story, flip_id=flip_id)
        data = flip_dict(flip.question, flip.actor, flip.change, records=flip.from_records + flip.to_records)
        return Response(s.FlipDetailSerializer(data).data)


# --- records ------------------------------------------------------------------------------


class StoryRecordsView(Paginated):
    queryset = StanceRecord.objects.none()  # for the schema; answers come from selectors
    filterset_class = RecordFilter
    permission_classes = [CanAppendRecords]

    @extend_schema(operation_id="records_list", summary="A story's records, filtered",
                   responses={200: s.RecordSerializer(many=True), **errors(400, 404)})
    def get(self, request, slug):
        story = selectors.story_get(slug)
        filterset = RecordFilter(request.query_params, story=story, request=request)
        if not filterset.is_valid():
            raise ValidationError(filterset.errors)
        return self.paginated(filterset.qs, s.RecordSerializer)

    @extend_schema(
        operation_id="record_append", summary="Append a record by hand (needs ledger.add_stancerecord)",
        request=s.RecordInputSerializer,
        responses={201: s.RecordSerializer, **errors(400, 401, 403, 404, 413, 415)},
        examples=[OpenApiExample("a stance", request_only=True, value={
            "actor": "interior-ministry", "question": "device-owned", "position": "deny",
            "reported_on": "2025-03-16", "outlet": "n1", "url": "https://n1info.rs/...", "quote": "..."})],
    )
    def post(self, request, slug):
        story = selectors.story_get(slug)
        body = s.RecordInputSerializer(data=request.data, context={
            "index": story_cast(story), "extractor": f"manual/{request.user.get_username()}"})
        body.is_valid(raise_exception=True)
        record = services.record_append(story=story, draft=body.validated_data)
        return Response(s.RecordSerializer(record).data, status=status.HTTP_201_CREATED)


class RecordDetailView(LedgerView):
    @extend_schema(operation_id="record_detail", summary="One record with its excerpt, article and retraction",
                   responses={200: s.RecordDetailSerializer, **errors(404)})
    def get(self, request, pk):
        return Response(s.RecordDetailSerializer(selectors.record_get(pk)).data)


class RetractionView(LedgerView):
    permission_classes = [CanRetract]

    @extend_schema(operation_id="retraction_append", summary="Retract a record, with a reason (staff only)",
                   request=s.RetractionInputSerializer,
                   responses={201: s.RetractionSerializer, **errors(400, 401, 403, 404, 409, 413, 415)})
    def post(self, request, pk):
        record = selectors.record_get(pk)
        body = s.RetractionInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        retraction = services.retraction_append(record=record, reason=body.validated_data["reason"],
                                                retracted_by=request.user.get_username())
        return Response(s.RetractionSerializer(retraction).data, status=status.HTTP_201_CREATED)


# --- exports ------------------------------------------------------------------------------


class JSONLinesRenderer(BaseRenderer):
    """Lets `Accept: application/jsonl` through content negotiation; the stream itself is
    not rendered, and errors are JSON (LedgerBehaviour)."""

    media_type = "application/jsonl"
    format = "jsonl"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data, ensure_ascii=False).encode()


class CSVRenderer(JSONLinesRenderer):
    media_type = "text/csv"
    format = "csv"


CSV_COLUMNS = ["id", "story", "actor", "question", "position", "value", "value_high", "reported_on", "outlet", "via",
               "outlets", "url", "quote", "excerpt", "extractor", "confidence", "rationale", "recorded_at", "retracted",
               "seq", "hash"]


class _Line:
    """A file-like that hands back what csv.writer writes."""

    def write(self, text):
        return text


def jsonl_lines(records):
    for record in records:
        yield json.dumps(record, ensure_ascii=False) + "\n"


def csv_cell(value) -> str:
    """A quote from an article can start with `=`, `+`, `-` or `@`: a spreadsheet would run
    it as a formula, so such a text cell gets a leading apostrophe (OWASP's advice)."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_lines(records):
    writer = csv.writer(_Line())
    yield writer.writerow(CSV_COLUMNS)
    for record in records:
        row = {**record, "outlets": " ".join(record["outlets"]),
               "retracted": "true" if record["retracted"] else "false"}
        yield writer.writerow([csv_cell(row[c]) for c in CSV_COLUMNS])


class ExportView(LedgerView):
    renderer_classes = [LedgerJSONRenderer]
    lines = staticmethod(jsonl_lines)
    suffix = "jsonl"

    def get(self, request, slug):
        story = selectors.story_get(slug)
        response = StreamingHttpResponse(self.lines(records_export(story)),
                                         content_type=f"{self.renderer_classes[-1].media_type}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{story.slug}-records.{self.suffix}"'
        return response


class JSONLinesExportView(ExportView):
    renderer_classes = [LedgerJSONRenderer, JSONLinesRenderer]

    @extend_schema(operation_id="records_export_jsonl", summary="A story's records as JSON lines (section 3), streamed",
                   responses={(200, "application/jsonl"): OpenApiTypes.STR, **errors(404)})
    def get(self, request, slug):
        return super().get(request, slug)


class CSVExportView(ExportView):
    renderer_classes = [LedgerJSONRenderer, CSVRenderer]
    lines = staticmethod(csv_lines)
    suffix = "csv"

    @extend_schema(operation_id="records_export_csv",
                   summary="A story's records as CSV (section 3 columns; outlets space-separated), streamed",
                   responses={(200, "text/csv"): OpenApiTypes.STR, **errors(404)})
    def get(self, request, slug):
        return super().get(request, slug)


# --- the catch-all ------------------------------------------------------------------------


class NotFoundView(LedgerBehaviour, APIView):
    """Any other path under the API: the one error shape, not an HTML page."""

    permission_classes = [AllowAny]
    schema = None

    def get(self, request, *args, **kwargs):
        raise NotFound(f"no such API path: {request.path}")

    post = put = patch = delete = head = options = get

    def initial(self, request, *args, **kwargs):
        APIView.initial(self, request, *args, **kwargs)  # every method: 404, not 405
