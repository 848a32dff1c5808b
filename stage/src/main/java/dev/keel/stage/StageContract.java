package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import dev.keel.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one stage of a multi-stage LLM workflow is, as data: its id, the input slots its prompt carries, the JSON
 * shape of its output, its validation rules, its {@code nextStep} logic and the {@code cached_state} slices a
 * valid output merges. Applications define their stages with {@link #builder(String)} or in the JSON form read
 * by {@link #fromJson(String)} (documented in
 * {@code docs/stage-runtime.md}, JSON Schema {@code dev/keel/stage/schema/stage-contract.schema.json}).
 *
 * <p>Every model stage's output has the shared envelope ({@code docs/stage-runtime.md}), which the contract adds to the {@link #output()}
 * it declares: {@code "stage"} (this contract's id), {@code session_id} and {@code response_id} as
 * {@link #sessionFields()} says, {@code nextStep} (one of {@link NextStepRule#allowed()}) and
 * {@code "telemetry": {"notes": string | null}}. {@link #outputShape()} is the whole shape.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe. A contract that cannot be satisfied or refers to
 * values its output does not have is refused when built, with an {@link InvalidContractException} naming the
 * problem.
 */
public final class StageContract {

    /** Output property naming the stage. */
    public static final String STAGE = "stage";
    /** Output property echoing {@code cached_state.session_id}. */
    public static final String SESSION_ID = "session_id";
    /** Output property holding a new id for each response. */
    public static final String RESPONSE_ID = "response_id";
    /** Output property naming the next stage. */
    public static final String NEXT_STEP = "nextStep";
    /** Output property holding {@code {"notes": string | null}}. */
    public static final String TELEMETRY = "telemetry";
    /** Property of {@link #TELEMETRY}. */
    public static final String NOTES = "notes";
    /** Output property with the reply for the end user; the runtime returns the most recent one. */
    public static final String ASSISTANT_REPLY = "assistantReply";
    /** The id of the terminal stage of a workflow. */
    public static final String SESSION_END = "session_end";

    private final String id;
    private final StageKind kind;
    private final String purpose;
    private final String directive;
    private final List<InputSlot> inputs;
    private final SessionFields sessionFields;
    private final Shape.ObjectShape output;
    private final List<StageRule> rules;
    private final NextStepRule nextStep;
    private final List<StateSlice> stateMerge;
    private final Shape.ObjectShape outputShape;

    private StageContract(Builder b) {
        ContractChecks.checkEnvelope(b.id, b.output);
        this.id = b.id;
        this.kind = Objects.requireNonNull(b.kind, "kind");
        this.purpose = b.purpose == null ? "" : b.purpose;
        this.directive = b.directive == null ? "" : b.directive;
        this.inputs = List.copyOf(b.inputs);
        this.sessionFields = Objects.requireNonNull(b.sessionFields, "sessionFields");
        this.output = b.output == null ? Shape.object() : b.output;
        this.rules = List.copyOf(b.rules);
        this.nextStep = b.nextStep == null ? NextStepRule.none() : b.nextStep;
        this.stateMerge = List.copyOf(b.stateMerge);
        this.outputShape = kind == StageKind.MODEL ? withEnvelope() : Shape.object();
        ContractChecks.check(this);
    }

    /** A builder for a model stage (change the kind with {@link Builder#kind}). */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /**
     * Reads a contract in the JSON form.
     *
     * @throws dev.keel.core.WireFormatException when the text is not strict JSON
     * @throws InvalidContractException when the JSON is not a valid contract; the message starts with the JSON
     *         pointer of the offending value
     */
    public static StageContract fromJson(String json) {
        return ContractJson.read(JsonCodec.strict().parseObject(json));
    }

    /** As {@link #fromJson(String)}, from a parsed plain-value tree. */
    public static StageContract fromTree(Map<String, Object> tree) {
        return ContractJson.read(tree);
    }

    /** This contract in the JSON form (indented); {@link #fromJson(String)} reads it back to an equal contract. */
    public String toJson() {
        return JsonCodec.strict().writePretty(ContractJson.write(this));
    }

    /**
     * A JSON Schema (draft 2020-12) of the output's structure, as a plain-value tree: types, required and
     * allowed properties, enums, minimum counts, score range. It cannot say what only Keel checks: that a score
     * is written with two decimals, session continuity, the rules and the {@code nextStep} branches. Useful for
     * a backend's structured-output mode.
     */
    public Map<String, Object> outputJsonSchema() {
        return OutputJsonSchema.of(this);
    }

    public Builder toBuilder() {
        Builder b = new Builder(id).kind(kind).purpose(purpose).directive(directive).sessionFields(sessionFields)
                .output(output).nextStep(nextStep);
        b.inputs.addAll(inputs);
        b.rules.addAll(rules);
        b.stateMerge.addAll(stateMerge);
        return b;
    }

    private Shape.ObjectShape withEnvelope() {
        List<Shape.Field> fields = new ArrayList<>();
        fields.add(new Shape.Field(STAGE, Shape.oneOf(id), true));
        if (sessionFields == SessionFields.ECHO) {
            fields.add(new Shape.Field(SESSION_ID, Shape.nonBlankString(), true));
            fields.add(new Shape.Field(RESPONSE_ID, Shape.nonBlankString(), true));
        }
        fields.addAll(output.fields());
        fields.add(new Shape.Field(NEXT_STEP, new Shape.StringShape(false, false, nextStep.allowed()), true));
        fields.add(new Shape.Field(TELEMETRY, Shape.object().required(NOTES, Shape.string().orNull()), true));
        return new Shape.ObjectShape(false, fields, output.additionalProperties());
    }

    /** The stage id, as outputs name it in {@code "stage"} and other stages in {@code nextStep}. */
    public String id() {
        return id;
    }

    public StageKind kind() {
        return kind;
    }

    /** What the stage is for, in a sentence; documentation only. */
    public String purpose() {
        return purpose;
    }

    /**
     * The stage directive sent with every call of this stage; for a {@link StageKind#SYSTEM} stage, the base
     * persona block.
     */
    public String directive() {
        return directive;
    }

    /** The input slots the user block carries, in order. */
    public List<InputSlot> inputs() {
        return inputs;
    }

    public SessionFields sessionFields() {
        return sessionFields;
    }

    /** The stage's own output properties, without the shared envelope. */
    public Shape.ObjectShape output() {
        return output;
    }

    /** The whole output shape: the envelope and {@link #output()}. Empty for system and end stages. */
    public Shape.ObjectShape outputShape() {
        return outputShape;
    }

    public List<StageRule> rules() {
        return rules;
    }

    public NextStepRule nextStep() {
        return nextStep;
    }

    /** The slices of {@code cached_state} a valid output merges, in order. */
    public List<StateSlice> stateMerge() {
        return stateMerge;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof StageContract)) {
            return false;
        }
        StageContract that = (StageContract) other;
        return id.equals(that.id) && kind == that.kind && purpose.equals(that.purpose)
                && directive.equals(that.directive) && inputs.equals(that.inputs)
                && sessionFields == that.sessionFields && output.equals(that.output) && rules.equals(that.rules)
                && nextStep.equals(that.nextStep) && stateMerge.equals(that.stateMerge);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, output, rules, nextStep, stateMerge);
    }

    @Override
    public String toString() {
        return "StageContract{" + id + ", " + kind.wireName() + ", next=" + nextStep.allowed() + "}";
    }

    /** Collects a contract; not thread-safe. */
    public static final class Builder {
        private final String id;
        private StageKind kind = StageKind.MODEL;
        private @Nullable String purpose;
        private @Nullable String directive;
        private final List<InputSlot> inputs = new ArrayList<>();
        private SessionFields sessionFields = SessionFields.OMIT;
        private Shape.@Nullable ObjectShape output;
        private final List<StageRule> rules = new ArrayList<>();
        private @Nullable NextStepRule nextStep;
        private final List<StateSlice> stateMerge = new ArrayList<>();

        private Builder(String id) {
            this.id = id;
        }

        public Builder kind(StageKind kind) {
            this.kind = kind;
            return this;
        }

        /** What the stage is for; empty unless set. */
        public Builder purpose(@Nullable String purpose) {
            this.purpose = purpose;
            return this;
        }

        /** The stage directive; empty unless set. */
        public Builder directive(@Nullable String directive) {
            this.directive = directive;
            return this;
        }

        public Builder input(String slot, boolean required) {
            inputs.add(new InputSlot(slot, required));
            return this;
        }

        public Builder sessionFields(SessionFields sessionFields) {
            this.sessionFields = sessionFields;
            return this;
        }

        /** The stage's own output properties (the envelope is added). */
        public Builder output(Shape.ObjectShape output) {
            this.output = output;
            return this;
        }

        public Builder rule(StageRule rule) {
            rules.add(Objects.requireNonNull(rule, "rule"));
            return this;
        }

        public Builder nextStep(NextStepRule nextStep) {
            this.nextStep = nextStep;
            return this;
        }

        public Builder mergeSlice(StateSlice slice) {
            stateMerge.add(Objects.requireNonNull(slice, "slice"));
            return this;
        }

        /** @throws InvalidContractException when the contract is not valid (the message says why) */
        public StageContract build() {
            return new StageContract(this);
        }
    }
}
