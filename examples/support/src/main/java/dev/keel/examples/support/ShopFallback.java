package dev.keel.examples.support;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.rules.RuleSteps;

/**
 * What answers in the house when the shop's model fails (no reply, an empty reply, an error): a fixed reply for
 * each kind of request, none of which lets a turn go further than the model's own failure allows. The sensor's
 * reply reads the message as fully ambiguous, so the turn asks the customer to say more; the generation's reply
 * says a colleague will answer; the judge's reply passes nothing: it names no broken rule while it says the answer
 * broke one, which the judge does not trust, so every rule it was asked about counts as broken. The turn's calls and
 * provenance name this backend and why it was called. Stateless and thread-safe.
 */
public final class ShopFallback implements LlmBackend {

    /** The backend name of the fallback in the agent's backends. */
    public static final String ID = "shop_fallback";
    /** What the generation's request gets. */
    public static final String ANSWER = "I'm sorry, I can't look into this right now. A colleague from our support "
            + "team will get back to you.";
    private static final String SENSOR = "{\"stage\": \"" + RuleSteps.SENSOR_PURPOSE + "\", \"nextStep\": "
            + "\"session_end\", \"telemetry\": {\"notes\": \"the shop's model did not answer\"}, \"detected_intent\": "
            + "null, \"entities\": {}, \"ambiguity_score\": 1.00, \"ambiguity_reason\": \"the shop's model did not "
            + "answer\"}";
    private static final String VERDICT = "{\"verdict\": \"violation\", \"violated\": [], \"reason\": \"the shop's "
            + "model did not judge this answer\"}";

    @Override
    public ChatReply chat(ChatRequest request) {
        String purpose = request.purpose().orElse("");
        String text = purpose.equals(RuleSteps.SENSOR_PURPOSE) ? SENSOR
                : purpose.equals(RuleSteps.JUDGE_PURPOSE) ? VERDICT : ANSWER;
        return ChatReply.builder().text(text).backendId(ID).build();
    }

    @Override
    public String id() {
        return ID;
    }
}
