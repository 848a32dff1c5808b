package dev.keel.store.jdbc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * A history of concurrent operations on sessions whose every write appends one unique token to the session's list,
 * checked against what a store that loses nothing and resurrects nothing allows. Each operation is stamped with
 * ticks of one shared counter when it is called and when it returns, so "returned before the other was called" is
 * known for sure; overlapping operations may have taken effect in either order. Thread-safe.
 */
final class SessionHistory {

    enum Kind { WRITE, GAVE_UP, REMOVE, READ }

    /** One operation: for a write, its token and the list it returned; for a read, the list it saw. */
    record Operation(Kind kind, String sessionId, String token, List<String> tokens, long called, long returned) {
    }

    private final AtomicLong clock = new AtomicLong();
    private final Collection<Operation> operations = new ConcurrentLinkedQueue<>();

    /** The tick before calling an operation. */
    long call() {
        return clock.incrementAndGet();
    }

    /** Records an operation called at {@code called} that has just returned. */
    void returned(Kind kind, String sessionId, String token, List<String> tokens, long called) {
        operations.add(new Operation(kind, sessionId, token, List.copyOf(tokens), called, clock.incrementAndGet()));
    }

    int size() {
        return operations.size();
    }

    long count(Kind kind) {
        return operations.stream().filter(operation -> operation.kind() == kind).count();
    }

    /** Every violation found, one line each; empty when the history is one a correct store may produce. */
    List<String> violations() {
        List<String> violations = new ArrayList<>();
        Map<String, List<Operation>> bySession = operations.stream()
                .collect(Collectors.groupingBy(Operation::sessionId));
        bySession.forEach((sessionId, ofSession) -> check(sessionId, ofSession, violations));
        return violations;
    }

    private static void check(String sessionId, List<Operation> ofSession, List<String> violations) {
        List<Operation> writes = of(ofSession, Kind.WRITE);
        List<Operation> removals = of(ofSession, Kind.REMOVE);
        List<Operation> observations = ofSession.stream()
                .filter(operation -> operation.kind() == Kind.WRITE || operation.kind() == Kind.READ).toList();

        // Nothing resurrected: a token written before a removal was called never shows after it has returned.
        for (Operation removal : removals) {
            Set<String> erased = new HashSet<>();
            writes.stream().filter(write -> write.returned() < removal.called())
                    .forEach(write -> erased.add(write.token()));
            for (Operation observation : observations) {
                if (observation.called() > removal.returned()) {
                    observation.tokens().stream().filter(erased::contains).findFirst().ifPresent(token ->
                            violations.add(sessionId + ": token " + token + " removed by " + removal + " is back in "
                                    + observation));
                }
            }
        }
        // No update lost: a write shows in every later observation unless a removal may have come in between.
        for (Operation write : writes) {
            for (Operation observation : observations) {
                boolean later = observation.called() > write.returned();
                boolean removalBetween = removals.stream().anyMatch(removal ->
                        removal.returned() > write.called() && removal.called() < observation.returned());
                if (later && !removalBetween && !observation.tokens().contains(write.token())) {
                    violations.add(sessionId + ": " + write + " is lost in " + observation);
                }
            }
        }
        // No forks: the lists written since one creation each extend the one before, one token at a time.
        Map<String, List<Operation>> byCreation = writes.stream()
                .collect(Collectors.groupingBy(write -> write.tokens().get(0)));
        byCreation.values().forEach(lifetime -> {
            List<Operation> ordered = lifetime.stream()
                    .sorted(Comparator.comparingInt(write -> write.tokens().size())).toList();
            for (int i = 1; i < ordered.size(); i++) {
                List<String> previous = ordered.get(i - 1).tokens();
                List<String> next = ordered.get(i).tokens();
                if (next.size() != previous.size() + 1 || !next.subList(0, previous.size()).equals(previous)) {
                    violations.add(sessionId + ": " + ordered.get(i) + " does not extend " + ordered.get(i - 1));
                }
            }
        });
        // An update that gave up wrote nothing.
        for (Operation gaveUp : of(ofSession, Kind.GAVE_UP)) {
            observations.stream().filter(observation -> observation.tokens().contains(gaveUp.token())).findFirst()
                    .ifPresent(observation -> violations.add(sessionId + ": " + gaveUp + " was written: "
                            + observation));
        }
    }

    private static List<Operation> of(List<Operation> operations, Kind kind) {
        return operations.stream().filter(operation -> operation.kind() == kind).toList();
    }
}
