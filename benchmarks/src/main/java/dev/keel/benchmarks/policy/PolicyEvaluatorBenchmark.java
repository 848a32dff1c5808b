package dev.keel.benchmarks.policy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.examples.marp.MarpData;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.RolePolicy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.casbin.jcasbin.main.Enforcer;
import org.casbin.jcasbin.model.Model;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link PolicyEvaluator#evaluate} on the MARP example's policy, beside the floor (one {@code HashMap} lookup of
 * the role) and jCasbin's {@code enforce()} on an equivalent RBAC model: one policy line per (role, clearance,
 * domain) the policy allows, matched through the role relation {@code g}. One {@code enforce()} answers "is this
 * one domain allowed?"; Keel's three-valued decision over three domains needs three of them, so both shapes are
 * measured. Fields are not final so that JIT cannot fold them into constants.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PolicyEvaluatorBenchmark {

    private static final String CASBIN_MODEL = String.join("\n",
            "[request_definition]",
            "r = role, clearance, domain",
            "[policy_definition]",
            "p = role, clearance, domain",
            "[role_definition]",
            "g = _, _",
            "[policy_effect]",
            "e = some(where (p.eft == allow))",
            "[matchers]",
            "m = g(r.role, p.role) && r.clearance == p.clearance && r.domain == p.domain");

    PolicyEvaluator evaluator;
    Map<String, RolePolicy> roles;
    Enforcer enforcer;

    String role = "planner";
    String clearance = "secret";
    Principal planner = Principal.of("planner", "secret");
    Principal plannerUnclassified = Principal.of("planner", "unclassified");
    Principal auditor = Principal.of("auditor", "secret");
    String domain = "capability_planning";
    List<String> oneDomain = List.of("capability_planning");
    List<String> threeDomains = List.of("capability_planning", "transition_calendars", "budget_envelopes");
    List<String> outsideDomain = List.of("marp_provenance_views", "capability_planning");

    @Setup
    public void setUp() {
        PolicyDocument policy = MarpData.policy();
        evaluator = PolicyEvaluator.create(policy);
        roles = new HashMap<>(policy.roles());
        Model model = new Model();
        model.loadModelFromText(CASBIN_MODEL);
        enforcer = new Enforcer(model);
        enforcer.enableLog(false);
        policy.roles().forEach((name, rolePolicy) -> {
            enforcer.addGroupingPolicy(name, name);
            for (String allowedClearance : rolePolicy.allowedClearances()) {
                for (String allowedDomain : rolePolicy.allowedDomains()) {
                    enforcer.addPolicy(name, allowedClearance, allowedDomain);
                }
            }
        });
        if (!enforcer.enforce("planner", "secret", "capability_planning")
                || enforcer.enforce("auditor", "secret", "capability_planning")
                || enforcer.enforce("planner", "unclassified", "capability_planning")) {
            throw new IllegalStateException("the jCasbin model does not match the MARP policy");
        }
        if (keelAllowThreeDomains().decision() != Decision.ALLOW
                || keelPartialDomainOutside().decision() != Decision.PARTIAL
                || keelDenyClearance().decision() != Decision.DENY) {
            throw new IllegalStateException("each Keel benchmark must measure the decision it is named after");
        }
    }

    /** The floor: one hash lookup of the role, no decision. */
    @Benchmark
    public RolePolicy hashMapLookup() {
        return roles.get(role);
    }

    @Benchmark
    public PolicyDecision keelAllowOneDomain() {
        return evaluator.evaluate(planner, oneDomain);
    }

    @Benchmark
    public PolicyDecision keelAllowThreeDomains() {
        return evaluator.evaluate(planner, threeDomains);
    }

    /** An auditor asking for capability planning: PARTIAL, with the restricted domain listed. */
    @Benchmark
    public PolicyDecision keelPartialDomainOutside() {
        return evaluator.evaluate(auditor, outsideDomain);
    }

    @Benchmark
    public PolicyDecision keelDenyClearance() {
        return evaluator.evaluate(plannerUnclassified, oneDomain);
    }

    @Benchmark
    public boolean casbinEnforceOneDomain() {
        return enforcer.enforce(role, clearance, domain);
    }

    @Benchmark
    public boolean casbinEnforceThreeDomains() {
        return enforcer.enforce(role, clearance, threeDomains.get(0))
                && enforcer.enforce(role, clearance, threeDomains.get(1))
                && enforcer.enforce(role, clearance, threeDomains.get(2));
    }
}
