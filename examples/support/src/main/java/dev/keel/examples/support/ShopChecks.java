package dev.keel.examples.support;

import dev.keel.pipeline.Enforcement;
import dev.keel.pipeline.EnforcementStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.reading.Amounts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The shop's own Lane 1 checks on every written answer, beside the rule book's, in every scenario:
 * <ul>
 *   <li>{@value #REFUND_LIMIT}: no sentence that gives money to the customer (refunded, issued, processed,
 *       credited, sent, transferred, on its way, money back...) states an amount above {@link #LIMIT}, however the
 *       amount is written ({@link Amounts}: "$80.00", "80 dollars", "EUR 80", "eighty dollars", a bare 75). An
 *       amount whose value cannot be read counts as above it. A bare number is no amount when it is part of a code
 *       ("A-1001"), follows "order", "size" or "#", or counts days, weeks, pairs or items.</li>
 *   <li>{@value #ANSWER_FORM}: the generation's contract: prose for the customer, not empty, not JSON or code, at
 *       most {@value #MAX_CHARS} characters.</li>
 * </ul>
 * A broken check has the answer written again with the rule stated; a second broken answer is refused, as for
 * any broken rule of the governed call. Each answer's findings are kept under {@link #FINDINGS}, traced and
 * audited. Immutable and thread-safe.
 */
public final class ShopChecks implements EnforcementStep {

    /** The refund limit's rule id. */
    public static final String REFUND_LIMIT = "refund_limit";
    /** The answer form's rule id. */
    public static final String ANSWER_FORM = "answer_form";
    /** The largest refund the agent may promise or issue itself. */
    public static final BigDecimal LIMIT = new BigDecimal("50");
    /** The longest answer a customer is shown. */
    public static final int MAX_CHARS = 1200;
    /** Each answer's findings, first answer first. */
    public static final TurnKey<Findings> FINDINGS = TurnKey.of("support_checks", Findings.class);

    /** What the model is told when an answer breaks the refund limit. */
    public static final String REFUND_LIMIT_ACTION = "Refunds above 50 dollars need a manager's approval: never "
            + "promise, issue or announce one yourself, and state no amount above 50 in a sentence about a refund or "
            + "a payment; say that a manager will review the request.";
    /** What the model is told when an answer is not prose for the customer. */
    public static final String ANSWER_FORM_ACTION = "Answer the customer in two or three plain sentences: no JSON,"
            + " no code, at most " + MAX_CHARS + " characters.";

    // Words of money going to the customer. Matched per sentence; a long list errs on the side of checking.
    private static final Pattern PAYOUT = Pattern.compile("(?i)\\b(?:refund\\w*|reimburs\\w*|credit\\w*|money back"
            + "|back to you|paid back|pay(?:ing)? you|payout|issu(?:e|es|ed|ing)|process(?:es|ed|ing)?|on (?:its|the|"
            + "their) way|send|sends|sending|sent|transfer\\w*|return(?:s|ed|ing)? (?:it )?to you|compensat\\w*"
            + "|voucher|gift card|wir(?:e|ed|ing)|deposit\\w*|receive|get back)\\b");
    // What a bare number counts when it is no money; one word may come between ("18 more days", "5 working days").
    private static final Pattern UNIT_AFTER = Pattern.compile("(?i)\\s*(?:[a-z]+ )?(?:days?|weeks?|months?|years?|"
            + "hours?|minutes?|pairs?|items?|orders?|times?|percent)\\b");
    private static final Pattern LABEL_BEFORE = Pattern.compile("(?i)(?:\\border|\\bsize|#|\\bno\\.?)\\s*$");

    /**
     * What one check of one answer found.
     *
     * @param attempt  the answer's number in the turn, from 1
     * @param form     what is wrong with the answer's form; empty when it is prose for the customer
     * @param promised the amounts in sentences that give money to the customer
     * @param above    those above the limit, or unread
     */
    public record Check(int attempt, Optional<String> form, List<Amounts.Amount> promised,
                        List<Amounts.Amount> above) {

        public Check {
            promised = List.copyOf(promised);
            above = List.copyOf(above);
        }

        /** The rules the answer broke, by id. */
        public List<String> broken() {
            List<String> broken = new ArrayList<>();
            form.ifPresent(problem -> broken.add(ANSWER_FORM));
            if (!above.isEmpty()) {
                broken.add(REFUND_LIMIT);
            }
            return broken;
        }

        public boolean passed() {
            return broken().isEmpty();
        }

        /** {@code {"attempt", "broken", "form"?, "promised": [{"text", "value", "currency"}]}}. */
        public Map<String, Object> toWire() {
            Map<String, Object> wire = new LinkedHashMap<>();
            wire.put("attempt", attempt);
            wire.put("broken", broken());
            form.ifPresent(problem -> wire.put("form", problem));
            List<Object> amounts = new ArrayList<>();
            for (Amounts.Amount amount : promised) {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("text", amount.text());
                one.put("value", amount.value() == null ? "unread" : amount.value().toPlainString());
                one.put("currency", amount.currency() == null ? "none" : amount.currency());
                amounts.add(one);
            }
            wire.put("promised", amounts);
            return wire;
        }
    }

    /** Every check of the turn's answers, first answer first. Immutable and thread-safe. */
    public record Findings(List<Check> checks) {
        public Findings {
            checks = List.copyOf(checks);
        }
    }

    @Override
    public String name() {
        return "shop_checks";
    }

    @Override
    public Enforcement check(Turn turn, String answer) {
        List<Check> before = turn.get(FINDINGS).map(Findings::checks).orElse(List.of());
        Check check = check(before.size() + 1, answer);
        List<Check> all = new ArrayList<>(before);
        all.add(check);
        turn.put(FINDINGS, new Findings(all));
        Map<String, Object> wire = check.toWire();
        turn.trace(name(), "answer " + check.attempt() + ": " + (check.passed() ? "kept the shop's rules"
                : "broke " + check.broken()) + "; amounts given to the customer " + check.promised().stream()
                .map(Amounts.Amount::text).toList(), wire);
        turn.auditDetail(name(), all.stream().map(Check::toWire).toList());
        if (check.passed()) {
            return Enforcement.pass();
        }
        StringBuilder instruction = new StringBuilder("Your previous answer broke these rules. Write the answer again,"
                + " keeping to every rule:");
        if (check.form().isPresent()) {
            instruction.append("\n- ").append(ANSWER_FORM_ACTION);
        }
        if (!check.above().isEmpty()) {
            instruction.append("\n- ").append(REFUND_LIMIT_ACTION);
        }
        return Enforcement.violation(check.broken(), instruction.toString());
    }

    /** The check of {@code answer}, the {@code attempt}-th of its turn. Pure. */
    public static Check check(int attempt, String answer) {
        List<Amounts.Amount> promised = promised(answer);
        return new Check(attempt, form(answer), promised, promised.stream().filter(a -> a.above(LIMIT)).toList());
    }

    /** What is wrong with the form of {@code answer} for a customer; empty when nothing is. Pure. */
    public static Optional<String> form(String answer) {
        String text = answer.strip();
        if (text.isEmpty()) {
            return Optional.of("the answer is empty");
        }
        if (text.length() > MAX_CHARS) {
            return Optional.of("the answer has " + text.length() + " characters, more than " + MAX_CHARS);
        }
        if (text.startsWith("{") || text.startsWith("[") || text.contains("```")) {
            return Optional.of("the answer is JSON or code, not prose for the customer");
        }
        return Optional.empty();
    }

    /** The amounts {@code answer} gives the customer: those in its sentences about money going to them. Pure. */
    public static List<Amounts.Amount> promised(String answer) {
        List<Amounts.Amount> promised = new ArrayList<>();
        List<int[]> payouts = payoutSentences(answer);
        for (Amounts.Amount amount : Amounts.in(answer)) {
            boolean inPayout = payouts.stream().anyMatch(s -> amount.start() < s[1] && amount.end() > s[0]);
            if (inPayout && (amount.money() || !countsSomethingElse(answer, amount))) {
                promised.add(amount);
            }
        }
        return List.copyOf(promised);
    }

    /** The sentences of {@code text} (start, end) that speak of money going to the customer. */
    private static List<int[]> payoutSentences(String text) {
        List<int[]> sentences = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            boolean end = i == text.length() || text.charAt(i) == '\n' || text.charAt(i) == ';'
                    || ((text.charAt(i) == '.' || text.charAt(i) == '!' || text.charAt(i) == '?')
                    && (i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1))));
            if (end) {
                if (PAYOUT.matcher(text.substring(start, i)).find()) {
                    sentences.add(new int[] {start, i});
                }
                start = i + 1;
            }
        }
        return sentences;
    }

    /** Whether a bare number is a code, a label's number, or a count of something that is no money. */
    private static boolean countsSomethingElse(String text, Amounts.Amount amount) {
        int start = amount.start();
        boolean inCode = start > 0 && (Character.isLetterOrDigit(text.charAt(start - 1)) || (start > 1
                && (text.charAt(start - 1) == '-' || text.charAt(start - 1) == '/')
                && Character.isLetterOrDigit(text.charAt(start - 2))));
        boolean codeGoesOn = amount.end() < text.length() && Character.isLetter(text.charAt(amount.end()));
        return inCode || codeGoesOn || UNIT_AFTER.matcher(text).region(amount.end(),
                Math.min(text.length(), amount.end() + 40)).lookingAt()
                || LABEL_BEFORE.matcher(text.substring(Math.max(0, start - 12), start)).find();
    }
}
