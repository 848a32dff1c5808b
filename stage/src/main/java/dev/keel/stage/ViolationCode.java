package dev.keel.stage;

/**
 * The stable codes of {@link StageViolation}s. {@link #code()} is the snake_case name {@code keel eval} reports
 * and traces record; it never changes meaning. Immutable and thread-safe.
 */
public enum ViolationCode {
    /** The raw output is not one strict JSON value: Markdown fences, prose, malformed or duplicate keys. */
    OUTPUT_NOT_JSON("output_not_json"),
    /** The output is JSON but not a single object. */
    OUTPUT_NOT_OBJECT("output_not_object"),
    /** A required property is absent. */
    MISSING_FIELD("missing_field"),
    /** A property the contract does not declare (objects are closed unless the contract opens them). */
    UNKNOWN_FIELD("unknown_field"),
    /** A value of the wrong JSON type (an integer written with a fraction is the wrong type). */
    WRONG_TYPE("wrong_type"),
    /** A string that is not one of the allowed values. */
    VALUE_NOT_ALLOWED("value_not_allowed"),
    /** A string that must say something is empty or white space. */
    BLANK_STRING("blank_string"),
    /** An integer below its minimum. */
    BELOW_MINIMUM("below_minimum"),
    /** An array or dictionary with fewer items than the contract requires. */
    TOO_FEW_ITEMS("too_few_items"),
    /** An item (or an item's key property) repeats an earlier one. */
    DUPLICATE_ITEM("duplicate_item"),
    /** A score not written with exactly two decimal places ({@code 0.8} instead of {@code 0.80}). */
    SCORE_PRECISION("score_precision"),
    /** A score outside 0.00 to 1.00. */
    SCORE_OUT_OF_RANGE("score_out_of_range"),
    /** A score below the contract's minimum (for example 0.50). */
    SCORE_BELOW_MINIMUM("score_below_minimum"),
    /** {@code "stage"} does not name the stage that was asked. */
    STAGE_MISMATCH("stage_mismatch"),
    /** {@code session_id} differs from {@code cached_state.session_id} (or the state has none to compare). */
    SESSION_ID_MISMATCH("session_id_mismatch"),
    /** {@code session_id} or {@code response_id} in the output of a stage that must omit them. */
    SESSION_FIELD_NOT_ALLOWED("session_field_not_allowed"),
    /** {@code response_id} repeats the session id or an earlier response's id. */
    RESPONSE_ID_NOT_FRESH("response_id_not_fresh"),
    /** A corrected output (a re-ask) without {@code telemetry.notes} describing the fix. */
    TELEMETRY_NOTE_MISSING("telemetry_note_missing"),
    /** A count that differs from the length of the array it counts. */
    COUNT_MISMATCH("count_mismatch"),
    /** A value that must be one of a list found elsewhere in the output is not. */
    NOT_A_MEMBER("not_a_member"),
    /** {@code nextStep} is not among the stages the contract allows. */
    NEXT_STEP_NOT_ALLOWED("next_step_not_allowed"),
    /** {@code nextStep} is allowed, but the contract's branch logic requires another stage here. */
    NEXT_STEP_MISMATCH("next_step_mismatch"),
    /** {@code cached_state} does not meet the stage's precondition; re-asking the model cannot fix this. */
    STATE_PRECONDITION_FAILED("state_precondition_failed"),
    /** The reply refers to a known entity that its sources do not list. */
    SOURCE_NOT_LISTED("source_not_listed"),
    /** The item named as the one with the highest total of scores has a lower total than another item. */
    NOT_HIGHEST_TOTAL("not_highest_total");

    private final String code;

    ViolationCode(String code) {
        this.code = code;
    }

    /** The stable snake_case code. */
    public String code() {
        return code;
    }
}
