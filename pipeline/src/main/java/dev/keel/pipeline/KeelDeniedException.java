package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.ReasonCodes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Governance refused an answer that a framework's API can only give as a value of its own type: the governed call
 * reports a denial as a {@link GovernedAnswer}, but an AI Service method or {@code ChatClient.call().content()} can
 * only return what it declares, so the adapter raises this instead. One exception for every adapter (langchain4j's
 * AI Services, Spring AI's advisor), told apart by {@link #code()}:
 * <ul>
 *   <li>{@value #REQUEST_DENIED}: the decision is DENY. No model was called;</li>
 *   <li>{@value #TYPED_ANSWER_WITHHELD}: the return type cannot be filled with what the decision lets through (a
 *       number field under PARTIAL, an answer whose JSON structure the outbound filter's redactions changed).</li>
 * </ul>
 *
 * <p>The decision and the reason codes are typed values; the message names the codes and, for a typed answer, the
 * JSON pointers of the fields (never a value, never a Keel class); {@link #text()} is what the user may be told,
 * already filtered, and {@link #provenance()} the call's provenance as its wire map when the call got that far. The
 * governed call was audited before this was thrown. Immutable and thread-safe.
 */
public final class KeelDeniedException extends KeelException {

    private static final long serialVersionUID = 1L;

    /** The code of a request governance denied. */
    public static final String REQUEST_DENIED = "request_denied";
    /** The code of an answer whose type needs what the decision withholds; also added to the reason codes. */
    public static final String TYPED_ANSWER_WITHHELD = "typed_answer_withheld";

    private static final String TYPED_ANSWER_TEXT =
            "The answer cannot be given in this form under the current access decision.";

    private final String requestId;
    private final Decision decision;
    private final ReasonCodes reasonCodes;
    private final String text;
    @SuppressWarnings("serial") // A plain JSON tree of strings, numbers, lists and maps.
    private final Map<String, Object> provenance;

    private KeelDeniedException(String code, String requestId, Decision decision, ReasonCodes reasonCodes,
                                String text, Map<String, Object> provenance, String message) {
        super(code, message);
        this.requestId = Objects.requireNonNull(requestId, "requestId");
        this.decision = Objects.requireNonNull(decision, "decision");
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
        this.text = Objects.requireNonNull(text, "text");
        this.provenance = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(provenance,
                "provenance")));
    }

    /** The request {@code answer} denied: its id, reason codes, denial text and provenance. */
    public static KeelDeniedException denied(GovernedAnswer answer) {
        ReasonCodes codes = answer.provenance().reasonCodes();
        return new KeelDeniedException(REQUEST_DENIED, answer.requestId(), Decision.DENY, codes, answer.text(),
                answer.provenance().toWire(), "the request was denied (" + codes(codes) + ")");
    }

    /**
     * {@code answer} cannot be given in the requested type under its decision.
     *
     * @param fields where the type needs what is withheld: JSON pointers with what each is, no value
     */
    public static KeelDeniedException typedAnswerWithheld(GovernedAnswer answer, List<String> fields) {
        return typedAnswerWithheld(answer.requestId(), answer.decision(), answer.provenance().reasonCodes(), fields,
                !answer.calls().isEmpty(), answer.provenance().toWire());
    }

    /**
     * An answer of the requested type cannot be given under {@code decision}, found before the governed call
     * answered (so there is no provenance to carry).
     *
     * @param reasonCodes the call's reason codes; {@value #TYPED_ANSWER_WITHHELD} is added
     * @param fields      where the type needs what is withheld: JSON pointers with what each is, no value
     * @param modelCalled whether a model was called before this was found
     */
    public static KeelDeniedException typedAnswerWithheld(String requestId, Decision decision,
                                                          ReasonCodes reasonCodes, List<String> fields,
                                                          boolean modelCalled) {
        return typedAnswerWithheld(requestId, decision, reasonCodes, fields, modelCalled, Map.of());
    }

    private static KeelDeniedException typedAnswerWithheld(String requestId, Decision decision,
                                                           ReasonCodes reasonCodes, List<String> fields,
                                                           boolean modelCalled, Map<String, Object> provenance) {
        ReasonCodes codes = reasonCodes.concat(ReasonCodes.of(TYPED_ANSWER_WITHHELD));
        String message = "the answer cannot be given in the requested type under " + decision.wireName() + ": "
                + String.join("; ", fields) + (modelCalled ? "" : "; no model was called") + " (" + codes(codes) + ")";
        return new KeelDeniedException(TYPED_ANSWER_WITHHELD, requestId, decision, codes, TYPED_ANSWER_TEXT,
                provenance, message);
    }

    private static String codes(ReasonCodes codes) {
        return codes.isEmpty() ? "no reason codes" : "reason codes: " + String.join(", ", codes.values());
    }

    /** The id of the governed call, as in its audit record. */
    public String requestId() {
        return requestId;
    }

    /** DENY for a denied request; the decision the answer was governed under for a typed answer. */
    public Decision decision() {
        return decision;
    }

    /** Why, in the codes the audit record and the provenance use. */
    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** What the user may be told: the governed call's denial text, or a short sentence for a typed answer. */
    public String text() {
        return text;
    }

    /**
     * The call's provenance as its wire map ({@code Provenance.toWire()}); empty for a typed answer refused before the
     * governed call answered.
     */
    public Map<String, Object> provenance() {
        return provenance;
    }
}
