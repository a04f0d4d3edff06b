"""LLM extraction (`ingest --extractor llm`): two stages per excerpt, cost first.

1. filter   a cheap model answers whether the excerpt holds a statement attributed to one
            of the story's actors on one of its questions; excerpts without one stop here.
2. extract  a stronger model writes the statements as JSON, validated against the story's
            actors, questions and positions (`schema`). An answer that does not validate
            is asked again once, with the reason; a second bad answer is kept as an
            `LlmRejection` with its reason (never a crash, never a silent drop).

The story's actors, questions and cue words are one fixed prompt prefix (`prompts`), cached
by the provider, so only the excerpt changes from call to call. Anthropic runs through the
Message Batches API (half price) with each batch's lifecycle on an `LlmBatch` row, so a
restarted worker picks up the batch it had submitted instead of paying for it twice; any
OpenAI-compatible server (also llama.cpp, vLLM, Ollama) is called directly, a few calls at
a time, with the SDK's retries on 429 and 5xx. `estimate` prices a run before anything is
sent; `LlmRun` holds a run's budget, and nothing is sent that would pass it.
"""
