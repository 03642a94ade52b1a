{{/* The labels every object of the chart carries. */}}
{{- define "k8s-gateway.labels" -}}
app.kubernetes.io/name: k8s-gateway
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* The labels that select the DNS server's pods: the utility's component selector matches them. */}}
{{- define "k8s-gateway.selectorLabels" -}}
app.kubernetes.io/name: k8s-gateway
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: dns
{{- end }}

{{- define "k8s-gateway.fullname" -}}
{{- printf "%s-k8s-gateway" .Release.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
