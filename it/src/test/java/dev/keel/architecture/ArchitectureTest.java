package dev.keel.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The module layering (core at the base, pure modules on core only but reading on policy, nothing in the library on
 * the applications, no module in another's internals, no host in any internals) and the purity rules of the
 * evaluation packages, checked on the compiled classes of the library modules, example applications, the eval
 * harness and the CLI that this module has on its test class path (its pom says which are not there yet). Breaking
 * one fails the build.
 */
@AnalyzeClasses(packages = "dev.keel", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String CORE = "dev.keel.core..";
    private static final String POLICY = "dev.keel.policy..";
    private static final String READING = "dev.keel.reading..";
    private static final String ROUTING = "dev.keel.routing..";
    private static final String EVIDENCE = "dev.keel.evidence..";
    private static final String STAGE = "dev.keel.stage..";
    private static final String RULES = "dev.keel.rules..";
    private static final String COMMITTEE = "dev.keel.committee..";
    private static final String PIPELINE = "dev.keel.pipeline..";
    private static final String PIPELINE_RULES = "dev.keel.pipeline.rules..";
    private static final String PIPELINE_COMMITTEE = "dev.keel.pipeline.committee..";
    private static final String TEST_CORE = "dev.keel.test.core..";
    private static final String TEST = "dev.keel.test..";
    private static final String TEST_PROPERTIES = "dev.keel.test.properties..";
    private static final String MODELS = "dev.keel.models..";
    private static final String LANGCHAIN4J = "dev.keel.langchain4j..";
    private static final String AISERVICES = "dev.keel.aiservices..";
    private static final String EMBEDDINGS = "dev.keel.embeddings..";
    private static final String MCP = "dev.keel.mcp..";
    private static final String STORE = "dev.keel.store..";
    private static final String SPRING = "dev.keel.spring..";
    private static final String CLI = "dev.keel.cli..";
    private static final String EVAL = "dev.keel.eval..";
    private static final String EXAMPLES = "dev.keel.examples..";
    private static final String BENCHMARKS = "dev.keel.benchmarks..";

    /**
     * The library modules, by package root; a module whose root lies inside another's before it: the rule steps and
     * the committee reasoning before the pipeline, the test kit's core part before the kit.
     */
    private static final List<String> LIBRARY = List.of(CORE, POLICY, READING, ROUTING, EVIDENCE, STAGE, RULES,
            COMMITTEE, PIPELINE_RULES, PIPELINE_COMMITTEE, PIPELINE, TEST_CORE, TEST, MODELS, LANGCHAIN4J, AISERVICES,
            EMBEDDINGS, MCP, STORE, SPRING);
    /** The pure modules: mechanisms configured by data, depending on core only (reading on policy as well). */
    private static final List<String> PURE = List.of(POLICY, READING, ROUTING, EVIDENCE, STAGE, RULES, COMMITTEE);
    /** The one pure module another pure module stands on: reading reads content for policy's documents. */
    private static final Map<String, String> PURE_MODULE_BELOW = Map.of(READING, POLICY);

    private static String[] except(List<String> packages, String... left) {
        List<String> rest = new ArrayList<>(packages);
        rest.removeAll(List.of(left));
        return rest.toArray(String[]::new);
    }

    @ArchTest
    static final ArchRule coreDependsOnNoOtherModule = noClasses().that().resideInAPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage(except(LIBRARY, CORE))
            .because("core is the base every module stands on");

    @ArchTest
    static final ArchRule pureModulesDependOnCoreOnly = classes().that().resideInAnyPackage(PURE.toArray(String[]::new))
            .should(notDependOnAnotherModuleThanCore())
            .because("the pure modules depend on core only, never on each other, but for reading, which reads content"
                    + " for policy's documents (policy never depends on reading)");

    // The hand-written conditions below report each forbidden dependency as a violation, so they go with classes():
    // under noClasses() ArchUnit would invert them and never report one (theHandWrittenConditionsReportViolations).
    private static ArchCondition<JavaClass> notDependOnAnotherModuleThanCore() {
        return new ArchCondition<>("not depend on another library module than core (reading: core and policy)") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                String own = moduleOf(javaClass.getPackageName());
                javaClass.getDirectDependenciesFromSelf().forEach(dependency -> {
                    String target = moduleOf(dependency.getTargetClass().getPackageName());
                    if (target != null && !target.equals(own) && !target.equals(CORE)
                            && !target.equals(PURE_MODULE_BELOW.get(own))) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                });
            }
        };
    }

    /** The library module a package belongs to, or null for a package outside the library. */
    private static String moduleOf(String packageName) {
        for (String module : LIBRARY) {
            String root = module.substring(0, module.length() - 2);
            if (packageName.equals(root) || packageName.startsWith(root + ".")) {
                return module;
            }
        }
        return null;
    }

    private static boolean isPure(String packageName) {
        String module = moduleOf(packageName);
        return module != null && PURE.contains(module);
    }

    @ArchTest
    static final ArchRule theRulesModuleStandsOnCoreAndItsEnginesAlone = classes().that().resideInAPackage(RULES)
            .should().onlyDependOnClassesThat().resideInAnyPackage(RULES, CORE, "java..", "dev.cel..",
                    "com.google.re2j..", "com.google.common..")
            .because("rules is pure: core, the JDK, CEL for enforcement expressions, RE2/J for patterns; the model "
                    + "calls of a rule-governed turn are the pipeline's");

    @ArchTest
    static final ArchRule theCommitteeServiceReachesItsModelsThroughTheGovernedCall = noClasses().that()
            .resideInAnyPackage("dev.keel.examples.committee..", "dev.keel.cli..")
            .should().dependOnClassesThat().haveNameMatching("dev\\.keel\\.committee\\.Committee(\\$.*)?")
            .because("the committee service runs the committee as the governed call's reasoning, so that every"
                    + " prompt is egress-filtered and every answer filtered and audited; it never builds one itself");

    @ArchTest
    static final ArchRule theSupportAgentTakesItsModelsFromTheHost = noClasses().that()
            .resideInAPackage("dev.keel.examples.support..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.langchain4j..", MODELS, LANGCHAIN4J, AISERVICES,
                    EMBEDDINGS)
            .because("the support example is built on the governed call and the rules alone; the embedder and the "
                    + "model come from whoever runs it");

    @ArchTest
    static final ArchRule thePipelineStandsOnCorePolicyAndRouting = noClasses().that().resideInAPackage(PIPELINE)
            .and().resideOutsideOfPackages(PIPELINE_RULES, PIPELINE_COMMITTEE)
            .should().dependOnClassesThat().resideInAnyPackage(
                    except(LIBRARY, PIPELINE, CORE, POLICY, READING, ROUTING))
            .because("keel-pipeline depends on core, policy, reading and routing alone, none of them optional; the"
                    + " rule steps, the committee reasoning and integrations such as the model modules, AI Services, the stores and"
                    + " the Spring Boot starter are modules of their own that sit on it");

    @ArchTest
    static final ArchRule theRuleStepsStandOnThePipelineTheRulesAndTheStageRuntime = noClasses().that()
            .resideInAPackage(PIPELINE_RULES)
            .should().dependOnClassesThat().resideInAnyPackage(
                    except(LIBRARY, PIPELINE_RULES, PIPELINE, RULES, STAGE, CORE, POLICY, READING, ROUTING))
            .because("keel-pipeline-rules depends on keel-pipeline, keel-rules and keel-stage (its model sensor)");

    @ArchTest
    static final ArchRule theCommitteeReasoningStandsOnThePipelineAndTheCommittee = noClasses().that()
            .resideInAPackage(PIPELINE_COMMITTEE)
            .should().dependOnClassesThat().resideInAnyPackage(
                    except(LIBRARY, PIPELINE_COMMITTEE, PIPELINE, COMMITTEE, CORE, POLICY, READING, ROUTING))
            .because("keel-pipeline-committee depends on keel-pipeline and keel-committee");

    @ArchTest
    static final ArchRule theModelsModuleKnowsNothingOfGovernanceNorOfLangchain4j = noClasses().that()
            .resideInAPackage(MODELS)
            .should().dependOnClassesThat().resideInAnyPackage(except(LIBRARY, MODELS, CORE))
            .orShould().dependOnClassesThat().resideInAPackage("dev.langchain4j..")
            .because("keel-models stands on core alone, so that a module that needs retries, budgets or the model"
                    + " configuration brings no governance module and no model library; the langchain4j clients of its"
                    + " built-in provider kinds are keel-langchain4j's, found through ServiceLoader");

    @ArchTest
    static final ArchRule theLangchain4jBridgeStandsOnModelsAndCore = noClasses().that().resideInAPackage(LANGCHAIN4J)
            .should().dependOnClassesThat().resideInAnyPackage(except(LIBRARY, LANGCHAIN4J, MODELS, CORE))
            .because("keel-langchain4j stands on keel-models, core and langchain4j-core, so that a module that needs a"
                    + " backend or an embedder over langchain4j (keel-embeddings-minilm) brings no governance module");

    @ArchTest
    static final ArchRule aiServicesStandOnThePipelineAndLangchain4j = noClasses().that().resideInAPackage(AISERVICES)
            .should().dependOnClassesThat().resideInAnyPackage(
                    except(LIBRARY, AISERVICES, PIPELINE, LANGCHAIN4J, MODELS, CORE, POLICY, READING, ROUTING))
            .because("keel-aiservices runs each chat as one governed call over the host's models: keel-pipeline"
                    + " with its policy and routing table, and keel-langchain4j's ChatModelBackend");

    @ArchTest
    static final ArchRule theMiniLmEmbedderStandsOnCoreAndTheModelModules = noClasses().that()
            .resideInAPackage(EMBEDDINGS)
            .should().dependOnClassesThat().resideInAnyPackage(except(LIBRARY, EMBEDDINGS, CORE, MODELS, LANGCHAIN4J))
            .because("keel-embeddings-minilm is the model and an Embedder over it: core's SPI, keel-langchain4j's"
                    + " embedder adapter and keel-models' cache, nothing of governance");

    @ArchTest
    static final ArchRule theMcpToolsStandOnThePolicyAndTheEvidencePlane = noClasses().that().resideInAPackage(MCP)
            .should().dependOnClassesThat().resideInAnyPackage(except(LIBRARY, MCP, CORE, POLICY, READING, EVIDENCE))
            .because("keel-mcp governs an MCP server's tools with the policy's tool gate (egress-filtered by reading's"
                    + " outbound filter) and runs the discovery plan's probes on them: core, policy, reading and"
                    + " evidence, and the MCP SDK, nothing of the pipeline");

    @ArchTest
    static final ArchRule theTestKitsCorePartStandsOnCoreAlone = noClasses().that().resideInAPackage(TEST_CORE)
            .should().dependOnClassesThat().resideInAnyPackage(except(LIBRARY, CORE, TEST_CORE, TEST))
            .orShould().dependOnClassesThat().resideInAPackage("dev.keel.test")
            .because("the stage and pipeline modules test with it, so it cannot depend on them");

    @ArchTest
    static final ArchRule theTestKitStandsOnThePipelineNotOnTheModelModules = noClasses().that()
            .resideInAPackage(TEST)
            .should().dependOnClassesThat().resideInAnyPackage(MODELS, LANGCHAIN4J, AISERVICES)
            .because("a host tests its governed calls with the kit whatever model library it uses");

    @ArchTest
    static final ArchRule noExampleUsesAnotherExample = classes()
            .should(notDependOnAnotherExample())
            .because("each example is an application of the library alone: the hospital needs nothing of MARP");

    private static ArchCondition<JavaClass> notDependOnAnotherExample() {
        return new ArchCondition<>("not depend on another example application") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                String own = exampleOf(javaClass.getPackageName());
                if (own == null) {
                    return;
                }
                javaClass.getDirectDependenciesFromSelf().forEach(dependency -> {
                    String target = exampleOf(dependency.getTargetClass().getPackageName());
                    if (target != null && !target.equals(own)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                });
            }
        };
    }

    /** The example application a package belongs to ({@code dev.keel.examples.hospital}), or null. */
    private static String exampleOf(String packageName) {
        String[] parts = packageName.split("\\.");
        return parts.length > 3 && parts[2].equals("examples") ? String.join(".", List.of(parts).subList(0, 4)) : null;
    }

    @ArchTest
    static final ArchRule noLibraryModuleDependsOnTheApplications = noClasses().that()
            .resideInAnyPackage(LIBRARY.toArray(String[]::new))
            .should().dependOnClassesThat().resideInAnyPackage(CLI, EXAMPLES, BENCHMARKS)
            .because("cli, examples and benchmarks sit on top; nothing in the library depends on them");

    @ArchTest
    static final ArchRule noLibraryModuleDependsOnTheEvalHarness = noClasses().that()
            .resideInAnyPackage(LIBRARY.toArray(String[]::new))
            .should().dependOnClassesThat().resideInAPackage(EVAL)
            .because("keel eval is a tool of the CLI: its harness and ops stay out of every host's class path");

    @ArchTest
    static final ArchRule noModuleImportsAnotherModulesInternals = classes()
            .should(notDependOnAnotherModulesInternals())
            .because("a module's ..internal.. packages are its own; other modules use its public API");

    private static ArchCondition<JavaClass> notDependOnAnotherModulesInternals() {
        return new ArchCondition<>("not depend on the ..internal.. package of another module") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                String own = ownerOf(javaClass.getPackageName());
                javaClass.getDirectDependenciesFromSelf().forEach(dependency -> {
                    String target = dependency.getTargetClass().getPackageName();
                    if (target.startsWith("dev.keel.") && target.contains(".internal")
                            && !ownerOf(target).equals(own)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                });
            }
        };
    }

    /** The module (library module, or application package) a package belongs to. */
    private static String ownerOf(String packageName) {
        String module = moduleOf(packageName);
        if (module != null) {
            return module;
        }
        String[] parts = packageName.split("\\.");
        return parts.length > 3 && parts[2].equals("examples") ? String.join(".", List.of(parts).subList(0, 4))
                : String.join(".", List.of(parts).subList(0, Math.min(3, parts.length)));
    }

    /**
     * The example applications are hosts, and a host builds on Keel's public API alone: no
     * {@code dev.keel..internal..} type, whichever module it belongs to. Those types are public only so that a
     * module's packages can share them; this rule, and the same rule in the build of each host project under
     * {@code it/}, keep hosts from compiling against them.
     *
     * <p>Why a rule and not JPMS yet: a {@code module-info.java} per module would hide the internal packages from a
     * host's compiler, but only from a host on the module path. Most hosts run on the class path (every Spring Boot
     * application does), where module descriptors are ignored, so the check is needed either way. The descriptors
     * would also have to open internal packages to the libraries that read them reflectively (Jackson binds
     * documents to internal records such as keel-policy's {@code PolicySpec}; Spring builds the starter's beans), require
     * dependencies that are automatic modules, and every module's tests would have to be patched into its module.
     * Until then the jars carry an {@code Automatic-Module-Name}, so that the module names are already fixed.
     */
    @ArchTest
    static final ArchRule noHostReachesKeelInternals = noClasses().that().resideInAPackage(EXAMPLES)
            .should().dependOnClassesThat().resideInAPackage("dev.keel..internal..")
            .because("a host uses Keel's public API; internal types change without notice");

    /**
     * Implementations are package-private beside the interfaces they implement; an {@code internal} package may only
     * hold what its module shares between its own packages, and none of it is a public type.
     */
    @ArchTest
    static final ArchRule noPublicTypeInAnInternalPackage = noClasses().that()
            .resideInAnyPackage(LIBRARY.toArray(String[]::new)).and().resideInAPackage("dev.keel..internal..")
            .and().areTopLevelClasses()
            .should().bePublic()
            .because("a public type is one a host or an SPI implementer uses, and those live in the API packages")
            .allowEmptyShould(true);

    /** A module's API never stands on its internals: no package cycle between the two. */
    @ArchTest
    static final ArchRule noApiDependsOnInternals = noClasses().that()
            .resideInAnyPackage(LIBRARY.toArray(String[]::new)).and().resideOutsideOfPackage("dev.keel..internal..")
            .should().dependOnClassesThat().resideInAPackage("dev.keel..internal..")
            .because("what the API needs sits beside it, package-private")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule langchain4jOnlyInTheModulesBuiltOnIt = noClasses().that()
            .resideInAnyPackage(except(LIBRARY, LANGCHAIN4J, AISERVICES, EMBEDDINGS))
            .should().dependOnClassesThat().resideInAPackage("dev.langchain4j..")
            .because("only keel-langchain4j and the modules built on it, aiservices and embeddings-minilm, see"
                    + " langchain4j; keel-models does not");

    private static final DescribedPredicate<JavaClass> EVALUATION_CODE = new DescribedPredicate<>(
            "in an evaluation package of a pure module") {
        @Override
        public boolean test(JavaClass javaClass) {
            return isPure(javaClass.getPackageName()) && !javaClass.getPackageName().contains(".loader");
        }
    };

    @ArchTest
    static final ArchRule evaluationCodeDoesNoIo = noClasses().that(EVALUATION_CODE)
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net..")
            .orShould().dependOnClassesThat().haveNameMatching("java\\.io\\.File.*")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.RandomAccessFile")
            .allowEmptyShould(true)
            .because("evaluation is pure: loaders that read files live in ..loader.. packages");

    @ArchTest
    static final ArchRule evaluationCodeReadsNoClockAndNoRandomness = noClasses().that(EVALUATION_CODE)
            .should().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .orShould().callMethod(Math.class, "random")
            .orShould().callMethod(java.util.UUID.class, "randomUUID")
            .orShould().callMethodWhere(staticNowOrSystemClock())
            .orShould().callConstructor(java.util.Random.class)
            .orShould().callConstructor(java.security.SecureRandom.class)
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
            .allowEmptyShould(true)
            .because("same input, same output: time and ids come in through Clock and IdSource");

    private static DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall> staticNowOrSystemClock() {
        return new DescribedPredicate<>("a static now() or a system clock of java.time") {
            @Override
            public boolean test(com.tngtech.archunit.core.domain.JavaMethodCall call) {
                String owner = call.getTargetOwner().getPackageName();
                String name = call.getName();
                return owner.equals("java.time")
                        && (name.equals("now") || name.startsWith("system") || name.equals("tickMillis")
                        || name.equals("tickSeconds") || name.equals("tickMinutes"));
            }
        };
    }

    private static final DescribedPredicate<JavaClass> PUBLIC_API_OF_PURE_MODULES = new DescribedPredicate<>(
            "a public type of a pure module outside ..internal..") {
        @Override
        public boolean test(JavaClass javaClass) {
            return isPure(javaClass.getPackageName()) && !javaClass.getPackageName().contains(".internal")
                    && javaClass.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC);
        }
    };

    @ArchTest
    static final ArchRule noJacksonInPublicSignatures = codeUnits().that().arePublic()
            .and().areDeclaredInClassesThat(PUBLIC_API_OF_PURE_MODULES)
            .should(new ArchCondition<JavaCodeUnit>("not mention a Jackson type in their signature") {
                @Override
                public void check(JavaCodeUnit unit, ConditionEvents events) {
                    List<JavaClass> types = new ArrayList<>(unit.getRawParameterTypes());
                    types.add(unit.getRawReturnType());
                    types.addAll(unit.getReturnType().getAllInvolvedRawTypes());
                    for (JavaClass type : types) {
                        if (type.getPackageName().startsWith("com.fasterxml.jackson")) {
                            events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " uses " + type.getName()));
                        }
                    }
                }
            })
            .allowEmptyShould(true)
            .because("hosts must not need Jackson to call a pure module");

    @ArchTest
    static final ArchRule noJacksonInPublicFields = fields().that().arePublic()
            .and().areDeclaredInClassesThat(PUBLIC_API_OF_PURE_MODULES)
            .should(new ArchCondition<JavaField>("not have a Jackson type") {
                @Override
                public void check(JavaField field, ConditionEvents events) {
                    if (field.getRawType().getPackageName().startsWith("com.fasterxml.jackson")) {
                        events.add(SimpleConditionEvent.violated(field, field.getFullName() + " is a Jackson type"));
                    }
                }
            })
            .allowEmptyShould(true)
            .because("hosts must not need Jackson to call a pure module");

    /**
     * The property harness is used by keel-core's own tests, so it may depend on nothing of Keel's; its discarded
     * case is a control-flow signal to its runner, like JUnit's aborted test, not an exception Keel throws.
     */
    @ArchTest
    static final ArchRule thePropertyHarnessDependsOnNothingOfKeels = classes().that().resideInAPackage(TEST_PROPERTIES)
            .should().onlyDependOnClassesThat().resideInAnyPackage(TEST_PROPERTIES, "java..")
            .because("keel-core's tests use it, so it cannot depend on keel-core");

    @ArchTest
    static final ArchRule exceptionsShareOneRoot = classes().that().areAssignableTo(RuntimeException.class)
            .and().resideInAnyPackage(LIBRARY.toArray(String[]::new))
            .and().resideOutsideOfPackage(TEST_PROPERTIES)
            .should().beAssignableTo(dev.keel.core.KeelException.class)
            .allowEmptyShould(true)
            .because("every exception Keel throws is a KeelException with a stable code");

    private static final DescribedPredicate<JavaAccess<?>> CONSTRUCTS_A_PLAIN_ARGUMENT_EXCEPTION =
            new DescribedPredicate<>("the constructor of IllegalArgumentException or UnsupportedOperationException"
                    + " (or of a subclass)") {
                @Override
                public boolean test(JavaAccess<?> access) {
                    JavaClass owner = access.getTargetOwner();
                    return access.getName().equals(JavaConstructor.CONSTRUCTOR_NAME)
                            && (owner.isAssignableTo(IllegalArgumentException.class)
                            || owner.isAssignableTo(UnsupportedOperationException.class));
                }
            };

    /**
     * Bad input from a host (a builder's argument, a setting, a request, a document, a reply) fails with a
     * {@code KeelException} subtype and its stable code, never with a bare {@code IllegalArgumentException}; and no
     * operation of Keel's is "unsupported". A constructor reference ({@code IllegalArgumentException::new}) counts
     * as a call. The collections Keel returns are the JDK's unmodifiable ones, so the
     * {@code UnsupportedOperationException} a write to them throws is the JDK's, not a constructor call here. The
     * property harness is exempt: no host calls it.
     */
    @ArchTest
    static final ArchRule badInputIsAKeelException = noClasses().that()
            .resideInAnyPackage(LIBRARY.toArray(String[]::new))
            .and().resideOutsideOfPackages(TEST_PROPERTIES)
            .should().accessTargetWhere(CONSTRUCTS_A_PLAIN_ARGUMENT_EXCEPTION)
            .because("every exception Keel throws for bad input is a KeelException with a stable code"
                    + " (ConfigurationException, InvalidInputException, ...)");

    @ArchTest
    static void everyPackageHasPackageInfo(JavaClasses classes) {
        Set<String> missing = new TreeSet<>();
        for (JavaClass javaClass : classes) {
            JavaPackage javaPackage = javaClass.getPackage();
            if (javaPackage.getName().startsWith("dev.keel") && javaPackage.tryGetPackageInfo().isEmpty()
                    && !javaClass.getSimpleName().endsWith("_jmhType") && !javaPackage.getName().contains("jmh_generated")) {
                missing.add(javaPackage.getName());
            }
        }
        org.assertj.core.api.Assertions.assertThat(missing).as("packages without package-info.java").isEmpty();
    }

    /**
     * The rules with hand-written conditions report what they forbid: checked on classes of this module's tests, in
     * packages the rules take for an example application and for the routing module, that break them on purpose.
     */
    @Test
    void theHandWrittenConditionsReportViolations() {
        JavaClasses breaking = new com.tngtech.archunit.core.importer.ClassFileImporter().importClasses(
                dev.keel.examples.rulebreaker.ReachesIntoOthers.class, dev.keel.routing.rulebreaker.ReachesPolicy.class,
                dev.keel.policy.internal.Planted.class);

        for (ArchRule rule : List.of(pureModulesDependOnCoreOnly, noExampleUsesAnotherExample,
                noModuleImportsAnotherModulesInternals, noHostReachesKeelInternals, noPublicTypeInAnInternalPackage,
                noApiDependsOnInternals)) {
            org.assertj.core.api.Assertions.assertThat(rule.evaluate(breaking).hasViolation())
                    .as(rule.getDescription()).isTrue();
        }
    }

    /**
     * The exception rule reports a constructor call and a constructor reference alike: checked on a class of this
     * module's tests, in a package the rules take for the routing module, that makes both.
     */
    @Test
    void theExceptionRuleReportsCallsAndReferences() {
        JavaClasses breaking = new com.tngtech.archunit.core.importer.ClassFileImporter().importClasses(
                dev.keel.routing.rulebreaker.ThrowsPlainExceptions.class);

        com.tngtech.archunit.lang.EvaluationResult result = badInputIsAKeelException.evaluate(breaking);

        org.assertj.core.api.Assertions.assertThat(result.getFailureReport().getDetails())
                .anyMatch(line -> line.contains("IllegalArgumentException.<init>") && line.contains("calls"))
                .anyMatch(line -> line.contains("NumberFormatException.<init>"))
                .anyMatch(line -> line.contains("UnsupportedOperationException.<init>")
                        && line.contains("references"));
    }

    /** The rules above allow an empty subject; this test makes sure none of them is silently checking nothing. */
    @Test
    void theRulesSeeEveryModule() {
        JavaClasses all = new com.tngtech.archunit.core.importer.ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.keel");
        Set<String> modules = all.stream().map(JavaClass::getPackageName)
                .map(name -> name.split("\\.").length > 2 ? name.split("\\.")[2] : name)
                .collect(Collectors.toCollection(TreeSet::new));
        org.assertj.core.api.Assertions.assertThat(modules)
                .contains("core", "policy", "reading", "routing", "evidence", "stage", "rules", "committee", "pipeline",
                        "test", "models", "langchain4j", "aiservices", "embeddings", "mcp", "examples", "cli", "eval",
                        "store", "spring");
        Set<String> packages = all.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        org.assertj.core.api.Assertions.assertThat(packages).contains("dev.keel.test", "dev.keel.test.core",
                "dev.keel.examples.marp", "dev.keel.examples.hospital", "dev.keel.examples.services",
                "dev.keel.examples.support", "dev.keel.pipeline.rules", "dev.keel.pipeline.committee",
                "dev.keel.aiservices", "dev.keel.examples.committee", "dev.keel.examples.tools", "dev.keel.mcp");
    }
}
