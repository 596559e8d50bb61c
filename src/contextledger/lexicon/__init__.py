"""Words by language, in one place.

Every per-language word list that the library reads user, assistant and tool text with belongs in this
package, one module per idea, so that teaching contextledger a new language (or a new phrasing) is an
edit in one place that every reader picks up:

- ``common``: negations, words for the user and the assistant, function words every reader skips
- ``intent``: what a user's sentence asks for: rules, corrections, decisions, approvals, nudges
- ``tools``: what a tool named in any language does: read, write, run a shell command, query
- ``outcomes``: words in tool output and prose that say something failed or succeeded
- ``claims``: the verbs and phrasings a recap uses to say who did, ran, wrote or decided what

Modules here hold data (frozensets, tuples, compiled patterns) and the few helpers that build them;
the logic that uses the words stays with the code that reads.
"""
