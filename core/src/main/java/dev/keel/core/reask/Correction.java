package dev.keel.core.reask;

import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The message of a re-ask: what tells the model, after its rejected reply, what to fix. Implementations must be pure
 * and thread-safe.
 */
@FunctionalInterface
public interface Correction {

    /** A re-ask lists at most this many problems; the rest are counted. */
    int MAX_LISTED_PROBLEMS = 20;

    /** The message sent after the rejected reply; {@code problems} is never empty. */
    ChatMessage message(List<Problem> problems);

    /**
     * The shared wording, for replies that must be one JSON object: a user message of three parts, what is wrong (a
     * text part), the problems as a JSON part ({@code {"violations": [{"code", "pointer", "message"}...], "more"}}:
     * at most {@value #MAX_LISTED_PROBLEMS} listed, {@code more} counting the rest when there are), and what to do:
     * one JSON object with them corrected (a text part). The problems are values of their own because their messages
     * may quote the rejected reply: the egress filter reads them as values, and they are never spliced
     * into the instruction's text.
     */
    static Correction standard() {
        return problems -> {
            List<Map<String, Object>> listed = new ArrayList<>();
            problems.stream().limit(MAX_LISTED_PROBLEMS).forEach(p -> {
                Map<String, Object> problem = new LinkedHashMap<>();
                problem.put("code", p.code());
                problem.put("pointer", p.pointer());
                problem.put("message", p.message());
                listed.add(problem);
            });
            Map<String, Object> violations = new LinkedHashMap<>();
            violations.put("violations", listed);
            if (problems.size() > MAX_LISTED_PROBLEMS) {
                violations.put("more", problems.size() - MAX_LISTED_PROBLEMS);
            }
            return ChatMessage.of(ChatRole.USER, Part.text("Your reply does not satisfy the output contract:"),
                    Part.json(violations),
                    Part.text("Reply again with one JSON object only, with these violations corrected."));
        };
    }
}
