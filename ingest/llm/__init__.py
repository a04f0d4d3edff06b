"""LLM extraction (`ingest --extractor llm`): two stages, several excerpts a request, cost first.

1. filter   a cheap model answers, for each excerpt of a group, whether it holds a statement
            attributed to one of the story's actors on one of its questions; excerpts
            without one stop here.
2. extract  a stronger model writes each passing excerpt's statements, validated against
            the story's actors, questions and positions, and against that excerpt's text.

Each request carries the story's prefix (actors, questions, cue words: `prompts`) once,
cached by the provider, then a group of excerpts (`groups`: an article's excerpts together,
their shared context once). The answer is a JSON list keyed by excerpt id, checked item by
item (`schema`): a missing, unknown or malformed item is asked again alone, once, and then
kept as an `LlmRejection` with its reason; a good item is never asked twice. Anthropic runs
through the Message Batches API (half price) with each batch's lifecycle on an `LlmBatch`
row, so a restarted worker picks up the batch it had submitted instead of paying for it
twice; any OpenAI-compatible server (also llama.cpp, vLLM, Ollama) is called directly, a few
calls at a time, with the SDK's retries on 429 and 5xx. `estimate` prices a run before
anything is sent (`ingest --estimate`); `LlmRun` holds a run's budget and its estimate, and
nothing is sent that would pass the budget.
"""
