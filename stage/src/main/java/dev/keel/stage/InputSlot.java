package dev.keel.stage;

import dev.keel.core.InvalidContractException;

/**
 * An input a stage's prompt carries in its user block, by slot name ({@code user_prompt}, {@code cached_state},
 * ...). Immutable and thread-safe.
 *
 * @param name     the slot name, as a prompt template writes it: {@code {{input.<name>}}}
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

    public InputSlot {
        if (name == null || name.isBlank()) {
            throw new InvalidContractException("an input slot needs a name");
        }
    }
}
