package dev.keel.core.stage;

import dev.keel.core.InvalidContractException;

/**
 * An input a stage's prompt carries in its user block, by slot name ({@code user_prompt}, {@code cached_state},
 * ...). Immutable and thread-safe.
 *
 * @param name     the slot name, as in the seed's {@code {{input.<name>}}}
 * @param required whether the stage cannot run without it
 */
public record InputSlot(String name, boolean required) {

    /** Latest user utterance. */
    public static final String USER_PROMPT = "user_prompt";
    /** Optional summary of earlier turns (at most 20 items). */
    public static final String CHAT_CONTEXT_SUMMARY = "chat_context_summary";
    /** Aggregated JSON of prior stage outputs, keyed by stage id; the runtime fills it from the session store. */
    public static final String CACHED_STATE = "cached_state";
    /** Optional external instruction injected by offline tooling. */
    public static final String RUNTIME_DIRECTIVE = "runtime_directive";
    /** Per-agency dictionary used by the category and semantic analysis stages. */
    public static final String KNOWLEDGE_BASE_DICTIONARY = "KnowledgeBase_Dictionary";
    /** Service index for the currently selected agency. */
    public static final String SERVICE_INDEX = "service_index";

    public InputSlot {
        if (name == null || name.isBlank()) {
            throw new InvalidContractException("an input slot needs a name");
        }
    }
}
