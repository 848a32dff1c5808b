/**
 * The starter's implementation: backends built from properties, documents read from resources, the check that no
 * placeholder is left unresolved, the principal and subject from Spring Security's authentication by granted
 * authorities, and the failure analyzer of Keel's configuration errors.
 */
package dev.keel.spring.boot.internal;
