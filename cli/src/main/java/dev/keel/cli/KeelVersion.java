package dev.keel.cli;

import picocli.CommandLine.IVersionProvider;

/** The version printed by {@code keel --version}: the jar's implementation version, when packaged. */
final class KeelVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = KeelVersion.class.getPackage().getImplementationVersion();
        return new String[] {"keel " + (version == null ? "(development build)" : version)};
    }
}
