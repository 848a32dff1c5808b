package dev.keel.aiservices;

import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.ReasonCodes;
import java.util.List;
import java.util.Objects;

/**
 * Governance refused the answer an AI Service method asked for. A governed call reports a denial as a value; an
 * AI Service method can only return its declared type, so {@link GovernedChatModel} raises this instead. It is
 * thrown in two cases, told apart by {@link #code()}:
 * <ul>
 *   <li>{@value #REQUEST_DENIED}: the decision is DENY. No model was called;</li>
 *   <li>{@value #TYPED_ANSWER_WITHHELD}: the method's return type cannot be filled with what the decision lets
 *       through. Under PARTIAL, a type with a number field ({@code record BedCount(int freeBeds)}), an enum value
 *       or a property name the outbound filter would withhold, or a type langchain4j reads from plain text (dates,
 *       {@code BigDecimal}) is refused before any model is called; an answer whose JSON structure the outbound
 *       filter's redactions changed is refused after the call.</li>
 * </ul>
 *
 * <p>The decision and the reason codes are typed values; the message names the codes and, for a typed answer,
 * the JSON pointers of the fields (never a value, never a Keel class), and {@link #text()} is what the user may be
 * told, already filtered. The governed call was audited before this was thrown. Immutable.
 */
public final class KeelDeniedException extends KeelException {

    private static final long serialVersionUID = 1L;

    /** The code of a request governance denied. */
    public static final String REQUEST_DENIED = "request_denied";
    /** The code of an answer whose type needs what the decision withholds; also added to the reason codes. */
    public static final String TYPED_ANSWER_WITHHELD = "typed_answer_withheld";

    private final String requestId;
    private final Decision decision;
    private final ReasonCodes reasonCodes;
    private final String text;

    private KeelDeniedException(String code, String requestId, Decision decision, ReasonCodes reasonCodes,
                                String text, String message) {
        super(code, message);
        this.requestId = Objects.requireNonNull(requestId, "requestId");
        this.decision = Objects.requireNonNull(decision, "decision");
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
        this.text = Objects.requireNonNull(text, "text");
    }

    /**
     * A request governance denied.
     *
     * @param text the denial the user may read, as the governed call filtered it
     */
    public static KeelDeniedException denied(String requestId, ReasonCodes reasonCodes, String text) {
        return new KeelDeniedException(REQUEST_DENIED, requestId, Decision.DENY, reasonCodes, text,
                "the request was denied (" + codes(reasonCodes) + ")");
    }

    /**
     * An answer of the requested type cannot be given under {@code decision}.
     *
     * @param reasonCodes the call's reason codes; {@value #TYPED_ANSWER_WITHHELD} is added
     * @param fields      where the type needs what is withheld: JSON pointers with what each is, no value
     * @param modelCalled whether a model was called before this was found
     */
    public static KeelDeniedException typedAnswerWithheld(String requestId, Decision decision,
                                                          ReasonCodes reasonCodes, List<String> fields,
                                                          boolean modelCalled) {
        ReasonCodes codes = reasonCodes.concat(ReasonCodes.of(TYPED_ANSWER_WITHHELD));
        String message = "the answer cannot be given in the requested type under " + decision.wireName() + ": "
                + String.join("; ", fields) + (modelCalled ? "" : "; no model was called") + " (" + codes(codes) + ")";
        return new KeelDeniedException(TYPED_ANSWER_WITHHELD, requestId, decision, codes,
                "The answer cannot be given in this form under the current access decision.", message);
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

    /** Why, in the codes the audit record and provenance use. */
    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** What the user may be told: the governed call's denial text, or a short sentence for a typed answer. */
    public String text() {
        return text;
    }
}
