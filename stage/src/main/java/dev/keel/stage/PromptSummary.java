package dev.keel.stage;

import java.util.List;

/**
 * What one model call was sent, without the text itself. Immutable and thread-safe.
 *
 * @param messages   the number of chat messages (persona, directive, user block; plus the rejected output and
 *                   the correction note on a re-ask)
 * @param characters their total length in UTF-16 code units
 * @param slots      the input slots the user block carried, in order
 * @param reask      whether this call asked for a corrected output
 */
public record PromptSummary(int messages, int characters, List<String> slots, boolean reask) {

    public PromptSummary {
        slots = List.copyOf(slots);
    }
}
